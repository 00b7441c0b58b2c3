import { Link } from '@tanstack/react-router';
import { Bookmark } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useSavedIdeaList } from '../api/list-saved-ideas';
import { SavedIdeasTable } from './saved-ideas-table';

const SHOWN = 10;

/** The caller's own saved ideas among a project's brainstorms: the first few, newest first. */
export function ProjectSavedIdeas({ projectId }: { projectId: number }) {
  const list = useSavedIdeaList({ page: 1, pageSize: SHOWN, project: projectId });
  let body;
  if (list.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  } else if (list.isError) {
    body = (
      <LoadError
        message="Error loading saved ideas"
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (list.data.total === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 py-6 text-center">
        <Bookmark className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No saved ideas here yet</p>
        <p className="text-sm text-muted-foreground">
          Bookmark ideas while reviewing this project's brainstorms to keep them here.
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <SavedIdeasTable ideas={list.data.results} />
        {list.data.total > SHOWN ? (
          <p className="text-sm text-muted-foreground">
            {SHOWN} of {list.data.total} shown.{' '}
            <Link to="/saved" className="underline underline-offset-4">
              All saved ideas
            </Link>
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="project-saved-heading">
      <Card className="min-w-0 gap-4">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h2 id="project-saved-heading" className="text-lg">
              My saved ideas in this project
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
          <div aria-busy={list.isFetching} className="grid min-w-0 gap-4">
            {body}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
