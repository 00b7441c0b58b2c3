import { ResponsiveTable } from '@/components/ui/responsive-table';
import { IdeaLink } from '@/entities/idea/components/idea-link';
import type { MatrixPoint } from '../lib/matrix-points';
import { QUADRANT_LABELS } from '../lib/quadrants';

interface MatrixTableProps {
  brainstormId: number;
  points: MatrixPoint[];
}

/**
 * The matrix's ideas as a table, for the keyboard and screen readers (and phones): each idea's
 * quadrant, the model's scores, the team's votes and its theme; a title opens the idea.
 */
export function MatrixTable({ brainstormId, points }: MatrixTableProps) {
  return (
    <ResponsiveTable
      rows={points}
      rowKey={(point) => point.idea}
      stackBelow="48rem"
      columns={[
        {
          header: 'Idea',
          kind: 'title',
          cell: (point) => (
            <IdeaLink brainstormId={brainstormId} ideaId={point.idea}>
              {point.title}
            </IdeaLink>
          ),
        },
        { header: 'Quadrant', cell: (point) => QUADRANT_LABELS[point.quadrant] },
        { header: 'Impact', cell: (point) => point.impact, className: 'text-right' },
        { header: 'Effort', cell: (point) => point.effort, className: 'text-right' },
        { header: 'Novelty', cell: (point) => point.novelty, className: 'text-right' },
        {
          header: 'Team votes',
          cell: (point) => point.votes ?? 'Hidden',
          className: 'text-right',
        },
        {
          header: 'Theme',
          cell: (point) => (
            <span className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-2.5 rounded-full"
                style={{ backgroundColor: point.colour }}
              />
              {point.themeName}
            </span>
          ),
        },
      ]}
    />
  );
}
