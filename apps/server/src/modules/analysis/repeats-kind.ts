import { z } from 'zod';
import { embeddingThresholds, type DuplicateThresholds } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { BrainstormRow } from '../../db/schema/brainstorms.js';
import { ValidationError } from '../../lib/errors.js';
import { tag } from '../generation/prompts.js';
import { JUDGE_BAND, judgeCandidates, type CandidatePair } from '../ideas/judge-candidates.js';
import { keepModelVerdicts, type ModelVerdict } from '../ideas/near-duplicates.js';
import { MalformedIdeaError } from '../providers/provider-clients.js';
import * as repository from './analysis.repository.js';
import type { RunIdea } from './analysis.repository.js';
import {
  batches,
  brainstormMaterial,
  callBound,
  cleanText,
  ideaLine,
  MATERIAL_RULE,
  type ModelCall,
} from './analysis-calls.js';
import type { KindSpec } from './kind-spec.js';
import type { RunContext } from './analysis-runner.js';

/*
 * 'Find repeats' (issue 38): ideas that say an earlier idea again in other words share too few
 * trigrams to be stacked by the detector. Each idea's nearest earlier ideas below the stacking
 * threshold (`judgeCandidates`) go to the model in pairs, 20 to a call, and each pair it judges
 * the same idea is stacked as a person's 'Mark as duplicate' would be, with the model and its
 * reason shown on the stack; 'Not a duplicate' undoes it like any other.
 */

/** Pairs one call judges. */
export const PAIRS_PER_CALL = 20;
/** What one pair's verdict and reason may take of a call's answer. */
const OUTPUT_TOKENS_PER_PAIR = 60;
/** The longest reason kept; a longer one is cut. */
const REASON_LIMIT = 160;
/**
 * The most ideas a step asked for without a list reads: the newest. Each idea's search for its
 * nearest takes up to 30 ms in a brainstorm of 20,000 ideas written from a few templates
 * (PostgreSQL, this machine), and the search is made for the plan and again for the run.
 */
export const MAX_JUDGED_IDEAS = 200;

const SYSTEM = `\
You help a team find the ideas of a brainstorm that repeat an earlier idea in other words, so \
that each idea is reviewed once. You are given numbered pairs: A is the earlier idea and B the \
later, each as [number] title — summary.
For each pair, answer same: true when B proposes the same thing as A (the same change, for the \
same people, by the same means), however differently it is worded and even when one says much \
more than the other. Answer same: false when they propose different things, even on the same \
topic and in mostly the same words: one different key word can make another idea (bike repair \
for students is not bike rental for students).
Give one short reason on one line. For a repeat, start it with "both": "both are a quiet lounge \
for teenagers". Otherwise say what sets them apart.
${MATERIAL_RULE}`;

// No min or max here: strict structured-output modes refuse them; `parseVerdicts` checks.
const repeatsSchema = z.object({
  pairs: z.array(
    z.object({
      pair: z.number().describe("The pair's number."),
      same: z.boolean().describe('Whether B is the same idea as A, said again.'),
      reason: z.string().describe('Why, in one line.'),
    }),
  ),
});
type RepeatsAnswer = z.infer<typeof repeatsSchema>;

/** A candidate pair with both ideas' text, numbered as the call numbers it. */
interface JudgedPair extends CandidatePair {
  a: RunIdea;
  b: RunIdea;
}

/** The call that judges one batch of pairs. */
function repeatsCall(brainstorm: BrainstormRow, pairs: readonly JudgedPair[]) {
  const call: ModelCall<RepeatsAnswer> = {
    system: SYSTEM,
    prompt: [
      brainstormMaterial({ title: brainstorm.title, problem: brainstorm.parameters.problem }),
      ...pairs.map((pair, i) =>
        tag(
          'pair',
          [`Pair: ${i + 1}`, `A: ${ideaLine(pair.a)}`, `B: ${ideaLine(pair.b)}`].join('\n'),
        ),
      ),
      `Judge each of these ${pairs.length} pairs: is B the same idea as A?`,
    ].join('\n\n'),
    schema: repeatsSchema,
    name: 'repeats',
    maxOutputTokens: pairs.length * OUTPUT_TOKENS_PER_PAIR,
    temperature: 0,
  };
  return call;
}

/**
 * The verdicts of an answer: entries for pairs of the batch only, the first for each pair, with
 * a reason. Fewer than half the batch judged is a malformed answer, retried; the pairs left out
 * of a usable one are asked about again by a later run.
 */
export function parseVerdicts(answer: RepeatsAnswer, batch: readonly JudgedPair[]): ModelVerdict[] {
  const seen = new Set<number>();
  const verdicts: ModelVerdict[] = [];
  for (const entry of answer.pairs) {
    const pair = Number.isInteger(entry.pair) ? batch[entry.pair - 1] : undefined;
    if (!pair || seen.has(entry.pair)) continue;
    seen.add(entry.pair);
    const reason = cleanText(entry.reason, REASON_LIMIT);
    if (reason !== '') {
      verdicts.push({ idea: pair.idea, original: pair.original, same: entry.same, reason });
    }
  }
  if (verdicts.length * 2 < batch.length) {
    throw new MalformedIdeaError(`The answer judged ${verdicts.length} of ${batch.length} pairs.`);
  }
  return verdicts;
}

/** The pairs the run's ideas make with their candidates, with both ideas' text. */
async function judgedPairs(
  db: Db,
  brainstormId: number,
  ideas: readonly number[],
  thresholds: DuplicateThresholds,
) {
  const pairs = await judgeCandidates(db, brainstormId, ideas, {
    ...JUDGE_BAND,
    upper: thresholds.lexical,
    semanticUpper: (model) => embeddingThresholds(thresholds, model).stack,
  });
  const ids = [...new Set(pairs.flatMap((pair) => [pair.idea, pair.original]))];
  const texts = new Map((await repository.runIdeas(db, brainstormId, ids)).map((i) => [i.id, i]));
  return pairs.flatMap((pair): JudgedPair[] => {
    const a = texts.get(pair.original);
    const b = texts.get(pair.idea);
    return a && b ? [{ ...pair, a, b }] : [];
  });
}

/**
 * Judges the pairs batch by batch, in parallel, keeping each batch's verdicts as soon as its call
 * returns. A job run again (its worker died) finds the pairs judged already decided, and asks
 * only about the others.
 */
async function runRepeats(ctx: RunContext) {
  const { db, run } = ctx;
  const pairs = await judgedPairs(db, run.brainstormId, run.params.ideas, ctx.deps.duplicates);
  let stacked = 0;
  if (pairs.length > 0) {
    const brainstorm = await ctx.loadBrainstorm();
    await ctx.each(batches(pairs, PAIRS_PER_CALL), async (batch) => {
      const verdicts = await ctx.ask(repeatsCall(brainstorm, batch), (answer) =>
        parseVerdicts(answer, batch),
      );
      // Read once the verdicts are kept: the batches end in any order.
      const kept = await keepModelVerdicts(db, run.brainstormId, run.model, verdicts);
      stacked += kept;
    });
  }
  return { kind: 'repeats' as const, judged: pairs.length, stacked };
}

/**
 * 'Find repeats': the model judges whether each idea repeats one of its nearest earlier ideas
 * in other words; those it judges so are stacked. The given ideas, or the newest 200 that stand
 * alone.
 */
export const repeatsKind: KindSpec = {
  capability: 'judge',
  async choose(db, brainstorm, request) {
    if (request.ideas) return repository.ideasAsked(db, brainstorm.id, request.ideas);
    const ids = await repository.chooseIdeas(db, brainstorm.id, 'newest', MAX_JUDGED_IDEAS);
    if (ids.length === 0) {
      throw new ValidationError({ kind: ['This brainstorm has no ideas to check for repeats.'] });
    }
    return ids.reverse();
  },
  async plan(brainstorm, ideas, _method, db, duplicates) {
    const ids = ideas.map((idea) => idea.id);
    const pairs = await judgedPairs(db, brainstorm.id, ids, duplicates);
    const calls = batches(pairs, PAIRS_PER_CALL);
    const tokens = calls.reduce((sum, batch) => sum + callBound(repeatsCall(brainstorm, batch)), 0);
    return { calls: calls.length, tokens, rounds: null };
  },
  run: runRepeats,
};
