import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useBrainstorm } from '../api/get-brainstorm';
import { BrainstormHeaderCard } from './brainstorm-header-card';

function PageMessage({ children, role }: { children: string; role: 'status' | 'alert' }) {
  return (
    <p
      role={role}
      className={role === 'alert' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
    >
      {children}
    </p>
  );
}

export function BrainstormDetailPage({ brainstormId }: { brainstormId: number }) {
  const brainstorm = useBrainstorm(brainstormId);

  if (brainstorm.isPending) return <PageMessage role="status">Loading...</PageMessage>;
  if (brainstorm.isError) {
    return (
      <LoadError
        message="Error loading brainstorm"
        retrying={brainstorm.isFetching}
        onRetry={() => void brainstorm.refetch()}
      />
    );
  }
  if (!brainstorm.data) return <PageMessage role="alert">Brainstorm not found</PageMessage>;

  return (
    <>
      <BrainstormHeaderCard key={brainstorm.data.id} brainstorm={brainstorm.data} />
      {/* Generation controls (number of ideas, provider, model) come in a later issue. */}
      <section aria-labelledby="brainstorm-ideas-heading">
        <Card className="gap-2">
          <CardHeader className="px-4 sm:px-6">
            <h2 id="brainstorm-ideas-heading" className="text-lg font-semibold">
              Ideas
            </h2>
            <CardDescription>Idea generation arrives in the next release.</CardDescription>
          </CardHeader>
          {/* The ideas list with its annotations and CSV export goes here. */}
          <CardContent />
        </Card>
      </section>
    </>
  );
}
