import type { Db } from '../src/db/client.js';
import { analyses, type ThemesProposal } from '../src/db/schema/sense-making.js';

/**
 * A themes proposal as a finished run would leave it, written straight into `analyses`: what
 * applying starts from, without running anything.
 */
export async function insertDoneThemes(
  db: Db,
  brainstormId: number,
  createdBy: number,
  proposal: ThemesProposal,
): Promise<number> {
  const ideas = [...proposal.themes.flatMap((theme) => theme.ideas), ...proposal.unsorted];
  const [row] = await db
    .insert(analyses)
    .values({
      brainstormId,
      kind: 'themes',
      createdBy,
      provider: 'offline',
      model: 'sample-ideas',
      method: 'keywords',
      params: { ideas },
      status: 'done',
      result: { kind: 'themes', proposal },
      started: new Date(),
      finished: new Date(),
    })
    .returning({ id: analyses.id });
  if (!row) throw new Error('no analysis');
  return row.id;
}

/** A finished ranking of the given ideas, best first, as a run would leave it; its id. */
export async function insertDoneRanking(
  db: Db,
  brainstormId: number,
  createdBy: number,
  ideas: number[],
): Promise<number> {
  const [row] = await db
    .insert(analyses)
    .values({
      brainstormId,
      kind: 'rank',
      createdBy,
      provider: 'openai_compatible',
      model: 'fake-model',
      method: 'model',
      params: { ideas },
      status: 'done',
      result: {
        kind: 'rank',
        ranking: {
          ideas: ideas.map((idea, i) => ({
            idea,
            rating: 1000 + 16 * (ideas.length - 2 * i),
            wins: 0,
            losses: 0,
          })),
        },
      },
      started: new Date(),
      finished: new Date(),
    })
    .returning({ id: analyses.id });
  if (!row) throw new Error('no analysis');
  return row.id;
}
