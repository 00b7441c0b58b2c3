import { Bookmark, Copy, Eye, EyeOff, MessageSquare, ThumbsDown, ThumbsUp } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { REACTIONS } from '@/entities/idea/api/toggle-reaction';
import { HiddenTotals } from '@/entities/idea/components/hidden-totals';
import { annotationOf } from '@/entities/idea/lib/annotation-cache';
import { hasReaction } from '@/entities/idea/lib/annotation-changes';
import { formatVotes } from '@/entities/idea/lib/votes';
import { cn } from '@/lib/utils';
import { useIdeaCommands, type ReviewRow } from '../hooks/use-idea-commands';
import { AskForMoreButtons } from './ask-for-more-buttons';
import { MoreActionsMenu } from './more-actions-menu';

function ActionButton({ className, ...props }: ComponentProps<typeof Button>) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className={cn('h-8 min-w-8 px-1.5', className)}
      {...props}
    />
  );
}

/** The title of a vote button: pressing the direction already voted clears the vote. */
export function voteTitle(current: number, direction: 1 | -1) {
  if (current === direction) return 'Remove Vote';
  return direction === 1 ? 'Vote Up' : 'Vote Down';
}

function voteColour(current: number, direction: 1 | -1) {
  if (current === 0) return undefined;
  if (current !== direction) return 'opacity-40';
  return direction === 1 ? 'text-green-600 dark:text-green-500' : 'text-red-600 dark:text-red-500';
}

// On a phone's card the main buttons are touch-sized and the rest wait in the 'More actions' menu.
const main = 'stacked:h-11 stacked:min-w-11';

// Built only for the row whose 'Mark as duplicate' is pressed, and kept for its closing.
const MarkDuplicateDialog = lazy(() =>
  import('@/entities/idea/components/mark-duplicate-dialog').then(
    ({ MarkDuplicateDialog: dialog }) => ({ default: dialog }),
  ),
);
const inMenu = 'stacked:hidden';

/**
 * Vote up and down with the idea's votes, the four reactions, bookmark, comment and hide/show
 * for one idea; on a card, the reactions and hide/show are in a menu. While blind review
 * withholds the idea's totals, one line says so where the votes were and the buttons carry no
 * counts; they work all the same.
 */
export function IdeaActions(row: ReviewRow) {
  const { idea, commentOpen } = row;
  const annotation = annotationOf(idea);
  const vote = annotation?.vote ?? 0;
  const bookmarked = annotation?.is_bookmarked ?? false;
  const hidden = annotation?.is_hidden ?? false;
  const commands = useIdeaCommands(row);
  const [markingDuplicate, setMarkingDuplicate] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  if (markingDuplicate && !dialogMounted) setDialogMounted(true);
  const unstacked = idea.duplicate_of === null;
  const { reaction_counts: reactionCounts, comments_count: commentsCount } = idea;

  return (
    <div
      className="flex max-w-64 flex-wrap items-center gap-0.5 stacked:max-w-none stacked:flex-nowrap stacked:gap-1"
      role="group"
      aria-label="Actions"
    >
      {/* The vote buttons and the idea's votes (as the brainstorm's page shows them) on a line. */}
      <div className="flex basis-full items-center gap-0.5 stacked:min-w-0 stacked:flex-1 stacked:basis-auto">
        {([1, -1] as const).map((direction) => {
          const Icon = direction === 1 ? ThumbsUp : ThumbsDown;
          return (
            <ActionButton
              key={direction}
              title={voteTitle(vote, direction)}
              aria-pressed={vote === direction}
              className={cn(main, voteColour(vote, direction))}
              onClick={() => {
                commands.vote(direction);
              }}
            >
              <Icon aria-hidden="true" className={cn(vote === direction && 'fill-current')} />
            </ActionButton>
          );
        })}
        {idea.totals_hidden ? (
          <HiddenTotals className="px-1 stacked:min-w-0" />
        ) : (
          <span className="px-1 text-xs text-muted-foreground tabular-nums stacked:min-w-0">
            <span className="sr-only">Votes: </span>
            {formatVotes(idea)}
          </span>
        )}
      </div>
      {REACTIONS.map(({ type, emoji, label }) => {
        const on = hasReaction(idea, type);
        const count = reactionCounts?.[type] ?? null;
        return (
          <ActionButton
            key={type}
            title={label}
            aria-label={count === null ? label : `${label} (${count})`}
            aria-pressed={on}
            className={cn('gap-1 tabular-nums', inMenu, on && 'bg-accent ring-1 ring-ring/40')}
            onClick={() => {
              commands.react(type);
            }}
          >
            <span aria-hidden="true" className="font-emoji">
              {emoji}
            </span>
            {count === null ? null : (
              <span aria-hidden="true" className="text-xs text-muted-foreground">
                {count}
              </span>
            )}
          </ActionButton>
        );
      })}
      <ActionButton
        title="Bookmark for private future reference"
        aria-pressed={bookmarked}
        className={cn(main, bookmarked && 'text-amber-600 dark:text-amber-500')}
        onClick={() => {
          commands.bookmark();
        }}
      >
        <Bookmark aria-hidden="true" className={cn(bookmarked && 'fill-current')} />
      </ActionButton>
      <ActionButton
        title="Comment"
        aria-label={commentsCount === null ? 'Comment' : `Comment (${commentsCount})`}
        aria-expanded={commentOpen}
        data-comment-toggle
        className={cn('gap-1 tabular-nums', main)}
        onClick={() => {
          commands.comment();
        }}
      >
        <MessageSquare aria-hidden="true" />
        {commentsCount === null ? null : (
          <span aria-hidden="true" className="text-xs text-muted-foreground">
            {commentsCount}
          </span>
        )}
      </ActionButton>
      <ActionButton
        title={hidden ? 'Show idea' : 'Hide idea'}
        className={inMenu}
        onClick={() => {
          commands.hide();
        }}
      >
        {hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
      </ActionButton>
      <AskForMoreButtons commands={commands} />
      {unstacked ? (
        <ActionButton
          title="Mark as duplicate…"
          className={inMenu}
          onClick={() => {
            setMarkingDuplicate(true);
          }}
        >
          <Copy aria-hidden="true" />
        </ActionButton>
      ) : null}
      <MoreActionsMenu
        idea={idea}
        hidden={hidden}
        commands={commands}
        onMarkDuplicate={
          unstacked
            ? () => {
                setMarkingDuplicate(true);
              }
            : undefined
        }
      />
      {unstacked && dialogMounted ? (
        <Suspense fallback={null}>
          <MarkDuplicateDialog
            idea={idea}
            open={markingDuplicate}
            onOpenChange={setMarkingDuplicate}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
