import { ChevronDown } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ResultOf } from '@/entities/analysis/api/types';
import { IdeaLink } from '@/entities/idea/components/idea-link';
import { cn } from '@/lib/utils';

type RankedIdea = ResultOf<'rank'>['ideas'][number];

// At a phone's width a row is one line (rank, title, rating); the rest opens under it.
const wide = 'max-sm:hidden';
const phone = 'sm:hidden';

const winsLosses = (idea: RankedIdea) => `${String(idea.wins)}–${String(idea.losses)}`;
const teamVotes = (idea: RankedIdea) => idea.votes ?? 'Hidden';

function Title({ brainstormId, idea }: { brainstormId: number; idea: RankedIdea }) {
  if (!idea.title) return <span className="text-muted-foreground">Deleted idea</span>;
  return (
    <IdeaLink brainstormId={brainstormId} ideaId={idea.idea} className="max-sm:break-normal">
      {idea.title}
    </IdeaLink>
  );
}

/**
 * A ranking's ideas by rating, with their wins and losses and the team's votes beside. On a
 * phone each idea is one line, its title cut to fit, and 'Details' opens the rest under it.
 */
export function RankingTable({
  brainstormId,
  ideas,
}: {
  brainstormId: number;
  ideas: RankedIdea[];
}) {
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) => {
    setOpened((before) => {
      const after = new Set(before);
      if (!after.delete(id)) after.add(id);
      return after;
    });
  };
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-0">Rank</TableHead>
          <TableHead>Idea</TableHead>
          <TableHead className="text-right">Rating</TableHead>
          <TableHead className={cn('text-right', wide)}>Wins–losses</TableHead>
          <TableHead className={cn('text-right', wide)}>Team votes</TableHead>
          <TableHead className={cn('w-0', phone)}>
            <span className="sr-only">Details</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <tbody>
        {ideas.map((idea, index) => {
          const open = opened.has(idea.idea);
          const detailsId = `ranked-${String(idea.idea)}-details`;
          return (
            <Fragment key={idea.idea}>
              <TableRow className={cn(open && 'max-sm:border-b-0')}>
                <TableCell className="tabular-nums">{index + 1}</TableCell>
                {/* A zero max width lets the title take what is left, cut with an ellipsis. */}
                <TableCell className="max-sm:w-full max-sm:max-w-0 max-sm:truncate sm:break-words sm:whitespace-normal">
                  <Title brainstormId={brainstormId} idea={idea} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{Math.round(idea.rating)}</TableCell>
                <TableCell className={cn('text-right tabular-nums', wide)}>
                  {winsLosses(idea)}
                </TableCell>
                <TableCell className={cn('text-right tabular-nums', wide)}>
                  {teamVotes(idea)}
                </TableCell>
                <TableCell className={cn('py-0', phone)}>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="size-11 px-0"
                    aria-expanded={open}
                    aria-controls={open ? detailsId : undefined}
                    aria-label={`Details of ${idea.title ? idea.title : 'Deleted idea'}`}
                    onClick={() => {
                      toggle(idea.idea);
                    }}
                  >
                    <ChevronDown
                      aria-hidden="true"
                      className={cn('transition-transform', open && 'rotate-180')}
                    />
                  </Button>
                </TableCell>
              </TableRow>
              {open ? (
                <TableRow id={detailsId} className={phone}>
                  <TableCell colSpan={4} className="pt-0 pb-3">
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      {idea.title ? (
                        <>
                          <dt className="text-muted-foreground">Idea</dt>
                          <dd className="break-words whitespace-normal">{idea.title}</dd>
                        </>
                      ) : null}
                      <dt className="text-muted-foreground">Wins–losses</dt>
                      <dd className="tabular-nums">{winsLosses(idea)}</dd>
                      <dt className="text-muted-foreground">Team votes</dt>
                      <dd className="tabular-nums">{teamVotes(idea)}</dd>
                    </dl>
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
