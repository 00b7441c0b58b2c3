import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';

interface DashboardCardProps<Data> {
  title: string;
  icon: LucideIcon;
  query: UseQueryResult<Data>;
  /** What failed, said in the card with a retry; the other cards stay. */
  errorMessage: string;
  isEmpty: (data: Data) => boolean;
  empty: ReactNode;
  children: (data: Data) => ReactNode;
  action?: ReactNode;
}

/** One part of the dashboard: it loads, fails and retries on its own. */
export function DashboardCard<Data>({
  title,
  icon: Icon,
  query,
  errorMessage,
  isEmpty,
  empty,
  children,
  action,
}: DashboardCardProps<Data>) {
  const headingId = useId();
  let body: ReactNode;
  if (query.isError && !query.data) {
    body = (
      <LoadError
        message={errorMessage}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!query.data) {
    body = (
      <div
        role="status"
        aria-label={`Loading ${title.toLowerCase()}`}
        className="grid grid-cols-1 gap-2"
      >
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-5 w-3/4" />
      </div>
    );
  } else if (isEmpty(query.data)) {
    body = empty;
  } else {
    body = children(query.data);
  }
  return (
    <Card className="min-w-0 gap-4" aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="flex items-center gap-2 text-base">
            <Icon className="size-4 text-primary" aria-hidden="true" />
            {title}
          </h2>
        </CardTitle>
        {action ? <CardAction>{action}</CardAction> : null}
      </CardHeader>
      <CardContent className="min-w-0" aria-busy={query.isFetching}>
        {body}
      </CardContent>
    </Card>
  );
}

/** A card's empty state: a sentence, quietly. */
export function CardEmpty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}
