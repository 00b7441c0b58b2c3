import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import type { Idea } from '@/entities/idea/api/types';
import { HiddenTotals } from '@/entities/idea/components/hidden-totals';
import { IdeaProvenance } from '@/entities/idea/components/idea-provenance';
import { IdeaStackControl } from '@/entities/idea/components/idea-stack-control';
import { MarkDuplicateButton } from '@/entities/idea/components/mark-duplicate-button';
import { stackedRowId, useIdeaStacks } from '@/entities/idea/hooks/use-idea-stacks';
import { formatVotes } from '@/entities/idea/lib/votes';
import { formatDateTime } from '@/lib/format-date-time';
import { IdeaChangeButtons } from './idea-change-buttons';

const prose = 'min-w-40 align-top break-words whitespace-normal';

interface IdeasTableProps {
  brainstormId: number;
  ideas: Idea[];
  /** Whether the viewer may edit and delete an idea: its Edit and Delete follow its date. */
  canChange?: (idea: Idea) => boolean;
  onEdit?: (idea: Idea) => void;
  /** The idea whose edit form just closed: its Edit button takes focus back. */
  lastEdited?: number | null;
}

export function IdeasTable({
  brainstormId,
  ideas,
  canChange = () => false,
  onEdit,
  lastEdited = null,
}: IdeasTableProps) {
  const stacks = useIdeaStacks(brainstormId);
  const columns: ResponsiveColumn<Idea>[] = [
    {
      header: 'Title',
      kind: 'title',
      className: `${prose} font-medium`,
      cell: (idea) => (
        <>
          <div>{idea.title}</div>
          <IdeaStackControl idea={idea} stacks={stacks} />
        </>
      ),
    },
    { header: 'Summary', className: prose, cell: (idea) => idea.summary },
    {
      header: 'Description',
      className: `${prose} min-w-56`,
      // Where a generated idea came from follows it, as on the review page.
      cell: (idea) => (
        <div className="grid gap-1">
          <div>{idea.description}</div>
          <IdeaProvenance idea={idea} listed={ideas} />
        </div>
      ),
    },
    {
      header: 'Votes',
      className: 'align-top tabular-nums',
      cell: (idea) => (idea.totals_hidden ? <HiddenTotals /> : formatVotes(idea)),
    },
    {
      header: 'Created',
      className: 'align-top whitespace-nowrap',
      // The last column, where a row's actions sit: the table keeps the spec's columns.
      cell: (idea) => (
        <>
          <div>{formatDateTime(idea.created)}</div>
          {canChange(idea) && onEdit ? (
            <IdeaChangeButtons idea={idea} onEdit={onEdit} focusEdit={lastEdited === idea.id} />
          ) : null}
          {idea.duplicate_of === null ? <MarkDuplicateButton idea={idea} /> : null}
        </>
      ),
    },
  ];
  return (
    <ResponsiveTable
      columns={columns}
      rows={ideas}
      rowKey={(idea) => idea.id}
      stackBelow="48rem"
      rowProps={(idea) => (idea.duplicate_of === null ? {} : { id: stackedRowId(idea.id) })}
      subRows={stacks.stackOf}
    />
  );
}
