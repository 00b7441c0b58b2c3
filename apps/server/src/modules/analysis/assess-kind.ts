import { z } from 'zod';
import type { BrainstormRow } from '../../db/schema/brainstorms.js';
import { ValidationError } from '../../lib/errors.js';
import { tag } from '../generation/prompts.js';
import { MalformedIdeaError } from '../providers/provider-clients.js';
import * as repository from './analysis.repository.js';
import type { RunIdea } from './analysis.repository.js';
import { MAX_ANALYSED_IDEAS } from './analysis.schemas.js';
import {
  batches,
  brainstormMaterial,
  cleanText,
  callBound,
  ideaLine,
  MATERIAL_RULE,
  type ModelCall,
} from './analysis-calls.js';
import type { KindSpec } from './kind-spec.js';
import type { RunContext } from './analysis-runner.js';
import * as assessments from './assessments.repository.js';
import type { IdeaScores } from './assessments.repository.js';

/** Ideas one call scores. */
export const ASSESS_BATCH = 20;
/** What one idea's scores and reasons may take of a call's answer. */
const OUTPUT_TOKENS_PER_IDEA = 120;
/** The longest reason kept; a longer one is cut. */
export const REASON_LIMIT = 200;

const SCORE = { min: 1, max: 5 } as const;

const SYSTEM = `\
You help a team weigh the ideas of a brainstorm. Score each idea on three scales from 1 to 5:
- impact: how much it would change the brainstorm's problem if it worked. 1 = barely changes \
the problem, 3 = a clear improvement, 5 = transforms it.
- effort: what it would take to put into practice. 1 = an afternoon's work, 3 = a project of a \
few weeks, 5 = a major programme.
- novelty: how new it is. 1 = common practice, 3 = a known idea applied in a new way, 5 = not \
seen before.
Give each score one short reason (one line). Judge each idea on its own against the \
brainstorm's problem, not against the other ideas listed. Each idea is given as \
[number] title — summary; answer with its number.
${MATERIAL_RULE}`;

const scoreField = (scale: string) => z.number().describe(`${scale}, a whole number from 1 to 5.`);
const reasonField = (scale: string) => z.string().describe(`Why this ${scale}, in one line.`);

// No min or max here: strict structured-output modes refuse them; `parseAssessments` checks.
const assessSchema = z.object({
  assessments: z.array(
    z.object({
      idea: z.number().describe("The idea's number."),
      impact: scoreField('Impact'),
      impact_reason: reasonField('impact'),
      effort: scoreField('Effort'),
      effort_reason: reasonField('effort'),
      novelty: scoreField('Novelty'),
      novelty_reason: reasonField('novelty'),
    }),
  ),
});
type AssessAnswer = z.infer<typeof assessSchema>;

/** The call that scores one batch of ideas. */
function assessCall(brainstorm: BrainstormRow, ideas: RunIdea[]): ModelCall<AssessAnswer> {
  return {
    system: SYSTEM,
    prompt: [
      brainstormMaterial({ title: brainstorm.title, problem: brainstorm.parameters.problem }),
      tag('ideas', ideas.map((idea) => ideaLine(idea)).join('\n')),
      `Score each of these ${ideas.length} ideas on impact, effort and novelty.`,
    ].join('\n\n'),
    schema: assessSchema,
    name: 'assessments',
    maxOutputTokens: ASSESS_BATCH * OUTPUT_TOKENS_PER_IDEA,
  };
}

const isScore = (value: number) =>
  Number.isInteger(value) && value >= SCORE.min && value <= SCORE.max;

/** A reason on one line, cut to its limit; empty when the model gave none. */
const reasonText = (text: string) => cleanText(text, REASON_LIMIT);

/** One entry of an answer as scores, or null when a score or a reason is unusable. */
function scoresOf(entry: AssessAnswer['assessments'][number]): IdeaScores | null {
  const reasons = {
    impact: reasonText(entry.impact_reason),
    effort: reasonText(entry.effort_reason),
    novelty: reasonText(entry.novelty_reason),
  };
  const usable =
    isScore(entry.impact) &&
    isScore(entry.effort) &&
    isScore(entry.novelty) &&
    Object.values(reasons).every((reason) => reason !== '');
  if (!usable) return null;
  return {
    idea: entry.idea,
    impact: entry.impact,
    effort: entry.effort,
    novelty: entry.novelty,
    reasons,
  };
}

/**
 * The usable scores of an answer: entries for ideas of the batch only, the first for each idea,
 * with whole scores from 1 to 5 and a reason for each. Fewer than half the batch scored is a
 * malformed answer, retried; the ideas left out of a usable one are skipped.
 */
export function parseAssessments(answer: AssessAnswer, batch: readonly RunIdea[]): IdeaScores[] {
  const known = new Set(batch.map((idea) => idea.id));
  const seen = new Set<number>();
  const scored: IdeaScores[] = [];
  for (const entry of answer.assessments) {
    if (!known.has(entry.idea) || seen.has(entry.idea)) continue;
    // The first entry for an idea is its answer, usable or not.
    seen.add(entry.idea);
    const scores = scoresOf(entry);
    if (scores) scored.push(scores);
  }
  if (scored.length * 2 < batch.length) {
    throw new MalformedIdeaError(`The answer scored ${scored.length} of ${batch.length} ideas.`);
  }
  return scored;
}

/**
 * Scores the run's ideas batch by batch, in parallel, storing each batch's scores as soon as its
 * call returns. A job run again (its worker died) skips the ideas it has already scored, so that
 * they are not paid for twice.
 */
async function runAssess(ctx: RunContext) {
  const { db, run } = ctx;
  const ideas = await repository.runIdeas(db, run.brainstormId, run.params.ideas);
  const done = await assessments.assessedBy(db, run.id);
  const todo = ideas.filter((idea) => !done.has(idea.id));
  if (todo.length > 0) {
    const brainstorm = await ctx.loadBrainstorm();
    await ctx.each(batches(todo, ASSESS_BATCH), async (batch) => {
      const scores = await ctx.ask(assessCall(brainstorm, batch), (answer) =>
        parseAssessments(answer, batch),
      );
      await assessments.storeAssessments(db, run, scores);
    });
  }
  const assessed = (await assessments.assessedBy(db, run.id)).size;
  return { kind: 'assess' as const, assessed, skipped: Math.max(0, ideas.length - assessed) };
}

/**
 * 'Assess ideas': the model scores each idea's impact, effort and novelty with a reason, 20 ideas
 * to a call; the scores are stored apart from the votes, one row per idea and run.
 */
export const assessKind: KindSpec = {
  capability: 'assess',
  async choose(db, brainstorm, request) {
    if (request.ideas) return repository.ideasAsked(db, brainstorm.id, request.ideas);
    const ids = await repository.chooseIdeas(db, brainstorm.id, 'newest', MAX_ANALYSED_IDEAS);
    if (ids.length === 0) {
      throw new ValidationError({ kind: ['This brainstorm has no ideas to assess.'] });
    }
    // Oldest first, so that the batches read the ideas in the order they came.
    return ids.reverse();
  },
  plan(brainstorm, ideas) {
    const calls = batches(ideas, ASSESS_BATCH);
    const tokens = calls.reduce((sum, batch) => sum + callBound(assessCall(brainstorm, batch)), 0);
    return { calls: calls.length, tokens, rounds: null };
  },
  run: runAssess,
};
