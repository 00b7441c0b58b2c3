import { Plus } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { NewIdeasButton } from '@/entities/brainstorm/live/components/new-ideas-button';
import { useIdeaTotal } from '@/entities/idea/api/get-idea-total';
import { FALLBACK_SCAN_SIZE, useIdeaList } from '@/entities/idea/api/list-ideas';
import { IdeasFooter } from '@/entities/idea/components/ideas-footer';
import type { Idea } from '@/entities/idea/api/types';
import type { ThemeFilter } from '@/entities/theme/api/types';
import { ThemeFilterSelect } from '@/entities/theme/components/theme-filter-select';
import { ApiError } from '@/lib/api/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import type { Paging } from '@/lib/paging';
import { useCreateIdea, useUpdateIdea } from '../api/change-idea';
import { ExportIdeasButtons } from './export-ideas-button';
import { IdeaForm } from './idea-form';
import { IdeasTable } from './ideas-table';

interface IdeasSectionProps extends Paging {
  brainstormId: number;
  /** Who created the brainstorm: they, staff and an idea's author may change the idea. */
  brainstormCreatedBy: number | null;
  onPagingChange: (paging: Paging) => void;
  /** The optional theme filter: one theme's ideas, or the unsorted ones; every idea when null. */
  theme?: ThemeFilter;
  /** Absent: no theme filter is offered. */
  onThemeChange?: (theme: ThemeFilter) => void;
  /** More actions beside 'Add Idea' (such as 'Combine ideas', from another feature). */
  actions?: ReactNode;
}

/** Adding an idea, editing one, or neither. */
type Writing = { kind: 'add' } | { kind: 'edit'; idea: Idea } | null;

function Message({ children }: { children: string }) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/** The brainstorm page's 'Ideas': the CSV export, a page of ideas and the footer. */
export function IdeasSection({
  brainstormId,
  brainstormCreatedBy,
  page,
  pageSize,
  onPagingChange,
  theme = null,
  onThemeChange,
  actions,
}: IdeasSectionProps) {
  const { user } = useAuth();
  // Without a theme the list's key is the one the route's loader has already asked for.
  const list = useIdeaList({ brainstormId, page, pageSize, ...(theme === null ? {} : { theme }) });
  const create = useCreateIdea(brainstormId);
  const update = useUpdateIdea(brainstormId);
  const [writing, setWriting] = useState<Writing>(null);
  const [lastEdited, setLastEdited] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const canChange = (idea: Idea) =>
    user !== null &&
    (user.is_staff || idea.created_by === user.id || brainstormCreatedBy === user.id);
  // Focus goes back to the button that opened the form.
  const stopWriting = () => {
    if (writing?.kind === 'edit') setLastEdited(writing.idea.id);
    else addButton.current?.focus();
    setWriting(null);
    create.reset();
    update.reset();
  };
  const total = useIdeaTotal(brainstormId);
  // A page past the end (the server's 404, say after deletions) starts over at page 1.
  const pastTheEnd = page > 1 && list.error instanceof ApiError && list.error.status === 404;
  useEffect(() => {
    if (pastTheEnd) onPagingChange({ page: 1, pageSize });
  }, [pastTheEnd, pageSize, onPagingChange]);

  const data = list.data;
  const failed = list.isError || data?.source === 'unavailable';
  let body;
  if (failed) {
    body = (
      <LoadError
        message="Error loading ideas"
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!data) body = <Message>Loading ideas...</Message>;
  else if (data.results.length === 0) body = <Message>No ideas found for this brainstorm.</Message>;
  else {
    body = (
      <IdeasTable
        brainstormId={brainstormId}
        ideas={data.results}
        canChange={canChange}
        onEdit={(idea) => {
          update.reset();
          setLastEdited(null);
          setWriting({ kind: 'edit', idea });
        }}
        lastEdited={writing ? null : lastEdited}
      />
    );
  }

  return (
    <section aria-labelledby="brainstorm-ideas-heading">
      <Card className="min-w-0 gap-4">
        <CardHeader className="flex flex-wrap items-start justify-between gap-2 px-4 sm:px-6">
          <h2 id="brainstorm-ideas-heading" tabIndex={-1} className="text-lg font-semibold">
            Ideas
          </h2>
          <div className="flex flex-wrap items-start gap-2">
            <Button
              ref={addButton}
              variant="outline"
              size="sm"
              aria-expanded={writing?.kind === 'add'}
              onClick={() => {
                create.reset();
                setWriting({ kind: 'add' });
              }}
            >
              <Plus aria-hidden="true" />
              Add Idea
            </Button>
            {actions}
            <ExportIdeasButtons brainstormId={brainstormId} />
          </div>
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
          {onThemeChange ? (
            <ThemeFilterSelect brainstormId={brainstormId} value={theme} onChange={onThemeChange} />
          ) : null}
          {writing ? (
            <div className="rounded-md border p-4">
              <h3 className="mb-3 font-semibold">
                {writing.kind === 'add' ? 'Add an idea' : 'Edit idea'}
              </h3>
              <IdeaForm
                key={writing.kind === 'add' ? 'add' : writing.idea.id}
                name={writing.kind === 'add' ? 'Add an idea' : 'Edit idea'}
                idPrefix={writing.kind === 'add' ? 'new-idea' : `idea-${String(writing.idea.id)}`}
                initial={
                  writing.kind === 'edit'
                    ? {
                        title: writing.idea.title,
                        summary: writing.idea.summary,
                        description: writing.idea.description,
                      }
                    : undefined
                }
                saving={writing.kind === 'add' ? create : update}
                onSave={(text) =>
                  writing.kind === 'add'
                    ? create.mutateAsync(text)
                    : update.mutateAsync({ id: writing.idea.id, text })
                }
                onDone={stopWriting}
              />
            </div>
          ) : null}
          {data?.source === 'fallback' ? (
            <p className="text-sm text-muted-foreground">
              The full list could not be loaded: these are this brainstorm's ideas among the{' '}
              {FALLBACK_SCAN_SIZE} newest.
            </p>
          ) : null}
          <NewIdeasButton focusAfter="brainstorm-ideas-heading" />
          <div aria-busy={list.isFetching} className="min-w-0">
            {body}
          </div>
          {data && !failed ? (
            <IdeasFooter
              shown={data.results.length}
              filteredCount={data.filteredCount}
              total={total.data ?? data.count}
              page={page}
              pageSize={pageSize}
              hasNext={data.hasNext}
              onPageChange={(next) => {
                onPagingChange({ page: next, pageSize });
              }}
              onPageSizeChange={(size) => {
                onPagingChange({ page: 1, pageSize: size });
              }}
            />
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
