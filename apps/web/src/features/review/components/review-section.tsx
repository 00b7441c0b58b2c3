import { Keyboard } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { newIdeasText } from '@/entities/brainstorm/live/new-ideas-text';
import { useIdeaTotal } from '@/entities/idea/api/get-idea-total';
import { FALLBACK_SCAN_SIZE, type IdeaListParams } from '@/entities/idea/api/list-ideas';
import type { Idea } from '@/entities/idea/api/types';
import { IdeasFooter } from '@/entities/idea/components/ideas-footer';
import { useIdeaStacks } from '@/entities/idea/hooks/use-idea-stacks';
import { annotationOf } from '@/entities/idea/lib/annotation-cache';
import { useLatest } from '@/hooks/use-latest';
import { ApiError } from '@/lib/api/api-error';
import { useActiveRow } from '../hooks/use-active-row';
import { useAskForMore } from '../hooks/use-ask-for-more';
import { useCommentDraft } from '../hooks/use-comment-draft';
import { useHeldList } from '../hooks/use-held-list';
import { useIdeaCommands, type ReviewRow } from '../hooks/use-idea-commands';
import { useRecentlyInteracted } from '../hooks/use-recently-interacted';
import { useRetainedIdeas } from '../hooks/use-retained-ideas';
import { useReviewKeyboard } from '../hooks/use-review-keyboard';
import type { ReviewView } from '../lib/review-search';
import { ArrivedIdeas } from './arrived-ideas';
import { AskForMoreStatus } from './ask-for-more-status';
import { CommentRow } from './comment-row';
import { IdeaActions } from './idea-actions';
import { ReviewAnnouncer } from './review-announcer';
import { ReviewEmpty } from './review-empty';
import { ReviewExportButton } from './review-export-button';
import { ReviewTable } from './review-table';

// The '?' overlay is built once first asked for.
const KeyboardHelp = lazy(() =>
  import('./keyboard-help').then(({ KeyboardHelp: help }) => ({ default: help })),
);

interface ReviewSectionProps {
  brainstormId: number;
  /** A Bad Idea Contest: its ideas can be flipped into workable ones. */
  flippable?: boolean;
  view: ReviewView;
  onViewChange: (view: Partial<ReviewView>) => void;
}

function Message({ children }: { children: string }) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/** 'Ideas Review': the CSV export, the ideas to review with their actions, and the footer. */
export function ReviewSection({
  brainstormId,
  flippable = false,
  view,
  onViewChange,
}: ReviewSectionProps) {
  const { page, pageSize, showHidden, showReviewed, theme } = view;
  const params: IdeaListParams = {
    brainstormId,
    page,
    pageSize,
    view: showReviewed ? 'reviewed' : 'unreviewed',
    excludeHidden: !showHidden,
    ...(theme === null ? {} : { theme }),
  };
  // Ideas that arrive meanwhile are held back and told of (issue 39): a page change keeps them so.
  const held = useHeldList(params, JSON.stringify({ ...params, page: undefined }));
  const { list } = held;
  const total = useIdeaTotal(brainstormId);
  const stacks = useIdeaStacks(brainstormId);
  const { recent, mark } = useRecentlyInteracted(brainstormId);
  const listName = JSON.stringify(params);
  // While reviewed ideas are not shown, those just reviewed stay until their minute is up.
  const rows = useRetainedIdeas(list.data?.results, recent, listName, !showReviewed);
  // The rows in sight, in order: each original followed by its near-duplicates when opened, so
  // the keys move through and act on stacked ideas too.
  const shown = rows?.flatMap((idea) => [idea, ...(stacks.stackOf(idea) ?? [])]);
  const rowElements = useRef(new Map<number, HTMLTableRowElement>());
  const [activeId, setActiveId] = useActiveRow(shown, listName, rowElements);
  // Once its comment row closes, the idea's row has the focus, so its keys work at once.
  const focusRowOf = useRef<number | null>(null);
  const comments = useCommentDraft((ideaId) => {
    focusRowOf.current = ideaId;
  });
  useEffect(() => {
    const ideaId = focusRowOf.current;
    if (ideaId === null) return;
    focusRowOf.current = null;
    rowElements.current.get(ideaId)?.querySelector<HTMLElement>('[data-comment-toggle]')?.focus();
  });
  const commentOpenId = comments.draft.ideaId;
  const asking = useAskForMore(brainstormId);
  // A row is drawn again only when what it shows changes (see ReviewTable): its handlers read
  // the list's state as it is when they are called.
  const now = useLatest({ listName, toggleComment: comments.toggle, ask: asking.ask });
  const rowOf = (idea: Idea): ReviewRow => ({
    idea,
    onInteract: () => {
      mark(idea, now.current.listName);
    },
    commentOpen: commentOpenId === idea.id,
    onToggleComment: () => now.current.toggleComment(idea),
    onAskForMore: (...ask) => now.current.ask(...ask),
    flippable,
  });
  // The keys act on the active row: its commands are built here, where the rows are.
  const activeIdea = shown?.find((idea) => idea.id === activeId);
  const activeCommands = useIdeaCommands(activeIdea ? rowOf(activeIdea) : null);
  const moveTo = (ideaId: number) => {
    setActiveId(ideaId);
    rowElements.current.get(ideaId)?.scrollIntoView({ block: 'nearest' });
  };
  // Past the last row, where ideas arrived meanwhile, the reviewer carries on into them: they are
  // shown, on the first page, and the first of them not yet reviewed becomes the active row.
  const carryFrom = useRef<number | null>(null);
  const carryOn = () => {
    if (held.arrived === 0 || held.upTo === undefined) return null;
    carryFrom.current = held.upTo;
    held.show();
    if (page !== 1) onViewChange({ page: 1 });
    return `${newIdeasText(held.arrived)} shown: on to the first of them`;
  };
  useEffect(() => {
    const from = carryFrom.current;
    if (from === null || !shown || list.isPlaceholderData || held.upTo === from) return;
    carryFrom.current = null;
    const first = shown.find((idea) => idea.id > from && annotationOf(idea) === null);
    if (first) moveTo(first.id);
  });
  const keyboard = useReviewKeyboard({
    rows: shown,
    activeId,
    moveTo,
    commands: activeCommands,
    closeComment: comments.requestClose,
    pastTheEnd: held.arrived > 0 ? carryOn : undefined,
  });
  const [helpMounted, setHelpMounted] = useState(false);
  if (keyboard.helpOpen && !helpMounted) setHelpMounted(true);

  // A page past the end (the server's 404, say after reviewing the last page) starts over at 1.
  const pastTheEnd = page > 1 && list.error instanceof ApiError && list.error.status === 404;
  useEffect(() => {
    if (pastTheEnd) onViewChange({ page: 1 });
  }, [pastTheEnd, onViewChange]);

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
  } else if (!rows) {
    // As tall as the screen while loading: the page of ideas that arrives nearly always fills
    // one, so the generation controls under the list start out of view instead of being
    // pushed down by it (a layout shift).
    body = (
      <div className="min-h-svh">
        <Message>Loading ideas...</Message>
      </div>
    );
  } else if (rows.length === 0) {
    // The unreviewed list is empty once the caller has reviewed every idea there is.
    const ideas = total.data ?? data?.count ?? 0;
    body = (
      <ReviewEmpty
        brainstormId={brainstormId}
        reviewedAll={!showReviewed && ideas > 0 ? ideas : null}
      />
    );
  } else {
    body = (
      <ReviewTable
        ideas={rows}
        activeId={activeId}
        isRecent={(id) => recent.has(id)}
        commentDraft={comments.draft}
        onActivate={setActiveId}
        rowRef={(ideaId) => (element) => {
          if (element) rowElements.current.set(ideaId, element);
          else rowElements.current.delete(ideaId);
        }}
        renderActions={(idea) => <IdeaActions {...rowOf(idea)} />}
        onShowIdea={(ideaId) => {
          setActiveId(ideaId);
          const row = rowElements.current.get(ideaId);
          row?.scrollIntoView({ block: 'nearest' });
          row?.querySelector<HTMLElement>('[aria-label="Actions"] button')?.focus();
        }}
        stacks={stacks}
        renderCommentRow={(idea) => (
          <CommentRow
            idea={idea}
            draft={comments.draft}
            onTextChange={comments.setText}
            onRequestClose={() => {
              comments.requestClose();
            }}
            onClose={comments.close}
            onKeepEditing={comments.keepEditing}
            onInteract={() => {
              mark(idea, listName);
            }}
          />
        )}
      />
    );
  }

  return (
    <section aria-labelledby="ideas-review-heading">
      <Card className="min-w-0 gap-4">
        <CardHeader className="flex flex-wrap items-start justify-between gap-2 px-4 sm:px-6">
          <h2 id="ideas-review-heading" tabIndex={-1} className="text-lg font-semibold">
            Ideas Review
          </h2>
          <div className="flex flex-wrap items-start gap-2">
            {/* Touch screens have no keys to learn; a keyboard's '?' still opens the overlay. */}
            <Button
              variant="ghost"
              size="sm"
              className="touch:hidden"
              onClick={() => {
                keyboard.setHelpOpen(true);
              }}
            >
              <Keyboard aria-hidden="true" />
              Keyboard shortcuts
            </Button>
            <ReviewExportButton
              brainstormId={brainstormId}
              showReviewed={showReviewed}
              showHidden={showHidden}
              theme={theme}
            />
          </div>
          {helpMounted ? (
            <Suspense fallback={null}>
              <KeyboardHelp open={keyboard.helpOpen} onOpenChange={keyboard.setHelpOpen} />
            </Suspense>
          ) : null}
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
          {data?.source === 'fallback' ? (
            <p className="text-sm text-muted-foreground">
              The full list could not be loaded: these are this brainstorm's ideas among the{' '}
              {FALLBACK_SCAN_SIZE} newest.
            </p>
          ) : null}
          <ArrivedIdeas
            count={held.arrived}
            onShow={() => {
              held.show();
              document.getElementById('ideas-review-heading')?.focus();
            }}
          />
          <div aria-busy={list.isFetching} className="min-w-0">
            {body}
          </div>
          <AskForMoreStatus message={asking.message} error={asking.error} />
          <ReviewAnnouncer
            message={keyboard.announcement}
            silent={failed || !rows || rows.length === 0}
          />
          {data && rows && !failed ? (
            <IdeasFooter
              pageIndicator
              shown={rows.length}
              filteredCount={data.filteredCount}
              total={total.data ?? data.count}
              page={page}
              pageSize={pageSize}
              hasNext={data.hasNext}
              onPageChange={(next) => {
                onViewChange({ page: next });
              }}
              onPageSizeChange={(size) => {
                onViewChange({ page: 1, pageSize: size });
              }}
              onPastEnd={
                held.arrived > 0
                  ? () => {
                      carryOn();
                    }
                  : undefined
              }
            />
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
