import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { BrainstormRow } from '../../db/schema/brainstorms.js';
import { ValidationError } from '../../lib/errors.js';
import { storeCombinedIdea } from '../ideas/ideas.service.js';
import { ideaOutputSchema, normaliseIdea } from '../providers/provider-clients.js';
import * as repository from './analysis.repository.js';
import type { RunIdea } from './analysis.repository.js';
import { COMBINED_IDEAS } from './analysis.schemas.js';
import {
  brainstormMaterial,
  callBound,
  ideaInFull,
  MATERIAL_RULE,
  type ModelCall,
} from './analysis-calls.js';
import type { KindSpec } from './kind-spec.js';
import { AnalysisFailed, type RunContext } from './analysis-runner.js';

/** What a combined idea records as its technique and prompt; the version changes with it. */
export const COMBINE_TECHNIQUE = 'combine';
export const COMBINE_PROMPT_VERSION = 'combine@1';

const COMBINE_OUTPUT_TOKENS = 2000;
const COMBINE_TEMPERATURE = 0.7;

const COMBINE_SYSTEM = `\
You help a team build on the ideas of a brainstorm by combining them.
You are given ${COMBINED_IDEAS.min} to ${COMBINED_IDEAS.max} of its ideas. Write one new idea \
for the brainstorm's problem that merges them, keeping what is strongest in each, so that it is \
one idea and not the ideas side by side. Answer with a short, specific title, a summary of one \
or two sentences, and a description of how it would work, why it could help, and a first step \
to try it.
${MATERIAL_RULE}`;

function combineCall(
  brainstorm: BrainstormRow,
  sources: readonly RunIdea[],
): ModelCall<z.infer<typeof ideaOutputSchema>> {
  return {
    system: COMBINE_SYSTEM,
    prompt: [
      brainstormMaterial({ title: brainstorm.title, problem: brainstorm.parameters.problem }),
      ...sources.map((idea) => ideaInFull(idea)),
      `Write one idea that merges these ${sources.length} ideas.`,
    ].join('\n\n'),
    schema: ideaOutputSchema,
    name: 'idea',
    maxOutputTokens: COMBINE_OUTPUT_TOKENS,
    temperature: COMBINE_TEMPERATURE,
  };
}

/**
 * Asks the model for one idea merging the run's ideas, and stores it as a new idea of the
 * brainstorm credited to whoever asked, with its sources untouched. Once stored, the idea is
 * recorded on the run in the same transaction: a job that runs again finds it there and stores
 * nothing more.
 */
async function runCombine(ctx: RunContext) {
  const { run } = ctx;
  if (run.result?.kind === 'combine') return run.result;
  const sources = await repository.runIdeas(ctx.db, run.brainstormId, run.params.ideas);
  if (sources.length < run.params.ideas.length) {
    throw new AnalysisFailed('an idea it was to combine was deleted');
  }
  const brainstorm = await ctx.loadBrainstorm();
  const call = combineCall(brainstorm, sources);
  const answer = await ctx.ask(call, (raw, usage) => ({ idea: normaliseIdea(raw), usage }));
  const stored = await storeCombinedIdea(
    ctx.db,
    {
      ...answer.idea,
      ...answer.usage,
      brainstormId: run.brainstormId,
      sources: run.params.ideas,
      createdBy: run.createdBy,
      provider: run.provider,
      model: run.model,
      technique: COMBINE_TECHNIQUE,
      promptVersion: COMBINE_PROMPT_VERSION,
      settings: { temperature: COMBINE_TEMPERATURE, max_tokens: COMBINE_OUTPUT_TOKENS },
    },
    ctx.deps.duplicates,
    (tx, ideaId) => repository.recordCombinedIdea(tx, run.id, ideaId),
  );
  if (stored !== null) return { kind: 'combine' as const, idea: stored };
  // Another run of this job recorded its idea first, or the brainstorm went.
  const now = await repository.findAnalysis(ctx.db, run.id);
  if (now?.result?.kind === 'combine') return now.result;
  throw new AnalysisFailed(now ? 'it was stopped' : 'its brainstorm was deleted');
}

/** The run's ideas: 2 to 4 distinct ideas of the brainstorm, in the order given. */
async function chooseSources(
  db: Db,
  brainstormId: number,
  ids: number[] | undefined,
): Promise<number[]> {
  const chosen = ids ?? [];
  const distinct = new Set(chosen);
  if (
    distinct.size !== chosen.length ||
    chosen.length < COMBINED_IDEAS.min ||
    chosen.length > COMBINED_IDEAS.max
  ) {
    throw new ValidationError({
      ideas: [`Choose ${COMBINED_IDEAS.min} to ${COMBINED_IDEAS.max} ideas to combine.`],
    });
  }
  const found = await repository.ideasOfBrainstorm(db, brainstormId, chosen);
  const missing = chosen.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw new ValidationError({ ideas: [`Invalid pk "${missing}" - object does not exist.`] });
  }
  return chosen;
}

export const combineKind: KindSpec = {
  capability: 'combine',
  choose: (db, brainstorm, request) => chooseSources(db, brainstorm.id, request.ideas),
  plan: (brainstorm, ideas) => ({
    calls: 1,
    tokens: callBound(combineCall(brainstorm, ideas)),
    rounds: null,
  }),
  run: runCombine,
};
