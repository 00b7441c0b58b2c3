import type { ReactNode, RefCallback } from 'react';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import type { Idea } from '@/entities/idea/api/types';
import { IdeaProvenance } from '@/entities/idea/components/idea-provenance';
import { IdeaStackControl } from '@/entities/idea/components/idea-stack-control';
import { stackedRowId, type IdeaStacks } from '@/entities/idea/hooks/use-idea-stacks';
import { cn } from '@/lib/utils';
import type { CommentDraft } from '../hooks/use-comment-draft';
import { formatDate } from '../lib/format-date';
import { IdeaDescription } from './idea-description';

const prose = 'align-top break-words whitespace-normal';

interface ReviewTableProps {
  ideas: Idea[];
  activeId: number | null;
  isRecent: (ideaId: number) => boolean;
  /** The open comment row's draft: that row is drawn again as it changes. */
  commentDraft: CommentDraft;
  onActivate: (ideaId: number) => void;
  /** Where the idea's row element goes, so the list can bring it into view. */
  rowRef: (ideaId: number) => RefCallback<HTMLTableRowElement>;
  renderActions: (idea: Idea) => ReactNode;
  renderCommentRow: (idea: Idea) => ReactNode;
  /** Brings a listed idea into view, from the provenance of an idea developed from it. */
  onShowIdea?: (ideaId: number) => void;
  /** The originals' near-duplicates, shown under them on demand. */
  stacks: IdeaStacks;
}

/** The listed ideas an idea names as where it came from: its provenance shows their titles. */
function sourcesOf(idea: Idea, ideas: readonly Idea[]) {
  const inspiredBy = idea.provenance?.inspired_by ?? null;
  const combined = idea.combined_from ?? [];
  if (inspiredBy === null && combined.length === 0) return [];
  return ideas.filter((other) => other.id === inspiredBy || combined.includes(other.id));
}

/**
 * The review list: a table at width and one compact card per idea when narrow (the date under
 * the title, the description behind a button), the active idea and those recently interacted
 * with marked, and an idea's comment row under it when open. A row is drawn again only when
 * what it shows changes, so the keys moving the active row, or a vote, redraw one or two rows and
 * not the page's 50: its handlers must act on the list as it is when called.
 */
export function ReviewTable({
  ideas,
  activeId,
  isRecent,
  commentDraft,
  onActivate,
  rowRef,
  renderActions,
  renderCommentRow,
  onShowIdea,
  stacks,
}: ReviewTableProps) {
  const commentOpenId = commentDraft.ideaId;
  const columns: ResponsiveColumn<Idea>[] = [
    {
      header: 'Title',
      kind: 'title',
      className: `${prose} min-w-32 font-medium`,
      cell: (i) => (
        <>
          <div>{i.title}</div>
          <IdeaStackControl idea={i} stacks={stacks} />
        </>
      ),
    },
    { header: 'Summary', kind: 'text', className: `${prose} min-w-40`, cell: (i) => i.summary },
    {
      header: 'Description',
      kind: 'text',
      className: `${prose} min-w-52`,
      // Where it came from follows the description, in sight on a phone's card too.
      cell: (i) => (
        <div className="grid gap-1">
          <IdeaDescription text={i.description} />
          <IdeaProvenance idea={i} listed={ideas} onShowIdea={onShowIdea} />
        </div>
      ),
    },
    { header: 'Actions', kind: 'actions', className: 'min-w-48 align-top', cell: renderActions },
    {
      header: 'Created',
      kind: 'meta',
      className: 'align-top whitespace-nowrap',
      cell: (i) => formatDate(i.created),
    },
  ];

  return (
    <ResponsiveTable
      columns={columns}
      rows={ideas}
      rowKey={(idea) => idea.id}
      stackBelow="56rem"
      rowProps={(idea) => ({
        ref: rowRef(idea.id),
        id: idea.duplicate_of === null ? undefined : stackedRowId(idea.id),
        'data-idea-id': idea.id,
        'data-active': idea.id === activeId || undefined,
        'data-recent': isRecent(idea.id) || undefined,
        className: cn(
          'border-l-4 border-l-transparent stacked:border-l-4',
          // A card out of sight is neither styled nor laid out until it nears the screen: on a
          // phone, two of a page's 50 show at once. (A table row cannot skip its layout.)
          'stacked:[contain-intrinsic-size:auto_18rem] stacked:[content-visibility:auto]',
          idea.id === activeId && 'bg-muted/70',
          isRecent(idea.id) && 'border-l-amber-500 stacked:border-l-amber-500',
        ),
        onFocusCapture: () => {
          onActivate(idea.id);
        },
        onPointerDown: () => {
          onActivate(idea.id);
        },
      })}
      renderAfterRow={(idea) => (commentOpenId === idea.id ? renderCommentRow(idea) : null)}
      subRows={stacks.stackOf}
      rowDeps={(idea) => [
        idea.id === activeId,
        isRecent(idea.id),
        commentOpenId === idea.id ? commentDraft : null,
        stacks.isOpen(idea.id),
        stacks.stackOf(idea),
        ...sourcesOf(idea, ideas),
      ]}
    />
  );
}
