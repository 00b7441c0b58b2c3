import { z } from 'zod';
import type { BrainstormRow } from '../../db/schema/brainstorms.js';
import type { RankingComparisonRow } from '../../db/schema/sense-making.js';
import { ValidationError } from '../../lib/errors.js';
import { textTokenBound } from '../generation/token-budget.js';
import { MalformedIdeaError } from '../providers/provider-clients.js';
import * as repository from './analysis.repository.js';
import type { RunIdea } from './analysis.repository.js';
import {
  brainstormMaterial,
  callBound,
  cleanText,
  ideaInFull,
  MATERIAL_RULE,
  type ModelCall,
} from './analysis-calls.js';
import type { KindSpec } from './kind-spec.js';
import { AnalysisFailed, type RunContext } from './analysis-runner.js';
import {
  pairRound,
  recordBye,
  recordResult,
  standings,
  startTournament,
  swissComparisons,
  swissRounds,
  type Pairing,
} from './swiss-tournament.js';

/** How many of the most up-voted ideas a ranking compares when the request does not say. */
export const DEFAULT_RANKED_IDEAS = 20;
/** A comparison's reason is one line. */
export const REASON_LIMIT = 240;

const COMPARISON_OUTPUT_TOKENS = 300;

const COMPARISON_SYSTEM = `\
You help a team decide which ideas of a brainstorm to take up first.
You are shown two of its ideas, A and B. Judge which one is more worth doing next for the \
brainstorm's problem: weigh the impact it could have against the effort it would take. Judge \
the ideas themselves, not the order they are shown in or the length of their text. Answer with \
the winner, "A" or "B", and one line saying why.
${MATERIAL_RULE}`;

const comparisonSchema = z.object({
  winner: z.string().describe('"A" or "B": the idea more worth doing next.'),
  reason: z.string().describe('One line: why it is more worth doing next.'),
});

function comparisonCall(
  brainstorm: BrainstormRow,
  a: RunIdea,
  b: RunIdea,
): ModelCall<z.infer<typeof comparisonSchema>> {
  return {
    system: COMPARISON_SYSTEM,
    prompt: [
      brainstormMaterial({ title: brainstorm.title, problem: brainstorm.parameters.problem }),
      ideaInFull(a, 'idea_a'),
      ideaInFull(b, 'idea_b'),
      'Which of idea A and idea B is more worth doing next?',
    ].join('\n\n'),
    schema: comparisonSchema,
    name: 'comparison',
    maxOutputTokens: COMPARISON_OUTPUT_TOKENS,
  };
}

/**
 * A comparison's answer: the winner 'A' or 'B' (case and spaces aside) and a reason of one line,
 * cut to 240 characters. Anything else is malformed, and retried.
 */
export function parseComparison(answer: z.infer<typeof comparisonSchema>) {
  const winner = answer.winner.trim().toUpperCase();
  if (winner !== 'A' && winner !== 'B') {
    throw new MalformedIdeaError(`The answer named "${cleanText(answer.winner, 20)}" the winner.`);
  }
  const reason = cleanText(answer.reason, REASON_LIMIT);
  if (reason === '') throw new MalformedIdeaError('The answer gave no reason.');
  return { winner, reason } as const;
}

/** The two ideas whose text is longest as a comparison quotes it: the costliest pair. */
function longestPair(ideas: readonly RunIdea[]): [RunIdea, RunIdea] | null {
  const [first, second] = ideas
    .map((idea) => ({ idea, bytes: textTokenBound(ideaInFull(idea, 'idea_a')) }))
    .sort((x, y) => y.bytes - x.bytes);
  return first && second ? [first.idea, second.idea] : null;
}

/** What one round needs to play a pair: its ideas' text, the brainstorm, the answers stored. */
interface RoundContext {
  ctx: RunContext;
  brainstorm: BrainstormRow;
  ideas: Map<number, RunIdea>;
  played: Map<string, RankingComparisonRow>;
  round: number;
}

/**
 * One comparison: replayed from the one stored for its round and pair when a run starts again,
 * else asked of the model and stored at once. A stored answer for other ideas (one was deleted
 * between the two runs, so the pairs moved) is not replayed, and the new answer is not stored.
 */
async function playPair(round: RoundContext, pairing: Pairing) {
  const { ctx } = round;
  const known = round.played.get(repository.comparisonKey(round.round, pairing.pair));
  if (known?.ideaA === pairing.a && known.ideaB === pairing.b) {
    return { a: known.ideaA, b: known.ideaB, winner: known.winner };
  }
  const a = round.ideas.get(pairing.a);
  const b = round.ideas.get(pairing.b);
  if (!a || !b) throw new Error(`ideas ${pairing.a} and ${pairing.b} were not read`);
  const answer = await ctx.ask(comparisonCall(round.brainstorm, a, b), (raw, usage) => ({
    ...parseComparison(raw),
    usage,
  }));
  const winner = answer.winner === 'A' ? a.id : b.id;
  await repository.insertComparison(ctx.db, {
    analysisId: ctx.run.id,
    round: round.round,
    pair: pairing.pair,
    ideaA: a.id,
    ideaB: b.id,
    winner,
    reason: answer.reason,
    ...answer.usage,
  });
  return { a: a.id, b: b.id, winner };
}

/**
 * Plays the Swiss rounds one after another, each round's comparisons in parallel, and ranks the
 * ideas by their Elo rating. Pairs depend only on the results before them, so a run that starts
 * again replays what it stored and asks only for the comparisons it is missing.
 */
async function runRanking(ctx: RunContext) {
  const { run } = ctx;
  const ideas = await repository.runIdeas(ctx.db, run.brainstormId, run.params.ideas);
  if (ideas.length < 2) throw new AnalysisFailed('fewer than 2 of its ideas are left');
  const brainstorm = await ctx.loadBrainstorm();
  const played = await repository.playedComparisons(ctx.db, run.id);
  const byId = new Map(ideas.map((idea) => [idea.id, idea]));
  const tournament = startTournament(ideas.map((idea) => idea.id));
  for (let round = 1; round <= swissRounds(ideas.length); round++) {
    const plan = pairRound(tournament, round);
    if (plan.bye !== null) recordBye(tournament, plan.bye);
    const context = { ctx, brainstorm, ideas: byId, played, round };
    const results = await ctx.each(plan.pairs, (pairing) => playPair(context, pairing));
    for (const result of results) recordResult(tournament, result);
  }
  return { kind: 'rank' as const, ranking: { ideas: standings(tournament) } };
}

export const rankKind: KindSpec = {
  capability: 'rank',
  async choose(db, brainstorm, request) {
    const top = request.top ?? DEFAULT_RANKED_IDEAS;
    const ids = await repository.chooseIdeas(db, brainstorm.id, 'votes', top);
    if (ids.length < 2) {
      throw new ValidationError({
        top: [`Ranking needs at least 2 ideas; this brainstorm has ${ids.length}.`],
      });
    }
    return ids;
  },
  plan(brainstorm, ideas) {
    const calls = swissComparisons(ideas.length);
    const pair = longestPair(ideas);
    const tokens = pair ? calls * callBound(comparisonCall(brainstorm, ...pair)) : 0;
    return { calls, tokens, rounds: swissRounds(ideas.length) };
  },
  run: runRanking,
};
