import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { ResultOf } from '@/entities/analysis/api/types';
import { IdeaLink } from '@/entities/idea/components/idea-link';

type RankedIdea = ResultOf<'rank'>['ideas'][number];

/** A ranking's ideas by rating, with their wins and losses and the team's votes beside. */
export function RankingTable({
  brainstormId,
  ideas,
}: {
  brainstormId: number;
  ideas: RankedIdea[];
}) {
  const rows = ideas.map((idea, index) => ({ ...idea, rank: index + 1 }));
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(row) => row.idea}
      columns={[
        { header: 'Rank', cell: (row) => row.rank, kind: 'meta' },
        {
          header: 'Idea',
          kind: 'title',
          cell: (row) =>
            row.title ? (
              <IdeaLink brainstormId={brainstormId} ideaId={row.idea}>
                {row.title}
              </IdeaLink>
            ) : (
              <span className="text-muted-foreground">Deleted idea</span>
            ),
        },
        { header: 'Rating', cell: (row) => Math.round(row.rating), className: 'text-right' },
        {
          header: 'Wins–losses',
          cell: (row) => `${String(row.wins)}–${String(row.losses)}`,
          className: 'text-right',
        },
        {
          header: 'Team votes',
          cell: (row) => row.votes ?? 'Hidden',
          className: 'text-right',
        },
      ]}
    />
  );
}
