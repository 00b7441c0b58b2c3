import { sql } from 'drizzle-orm';
import { DEFAULT_DUPLICATE_THRESHOLDS, type DuplicateThresholds } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { brainstorms } from '../src/db/schema/brainstorms.js';
import * as generationRepository from '../src/modules/generation/generation.repository.js';
import { anglesFor, buildPrompt, MAX_AVOID_TITLES } from '../src/modules/generation/prompts.js';
import { slotInput, slotSeed } from '../src/modules/generation/slot-runner.js';
import { createProviderClients } from '../src/modules/providers/provider-clients.js';
import { loadProviders } from '../src/modules/providers/providers.config.js';

/*
 * How often the offline provider repeats itself, by the project's own near-duplicate detector.
 * It runs generations the way the slot runner does, without the job queue: each generation's
 * slots are recorded and claimed with the generation repository, read the brainstorm's newest
 * titles once (as the slot runner's shared context read does), ask the offline client with the
 * runner's seed, and store their idea with `completeSlot`, which compares it with the
 * brainstorm's ideas under its lock and stacks it when it nearly repeats one. Slots run one
 * after another; parallel ones would store in some order under the same lock, with the same
 * stale titles, so what is counted is the same.
 */

export interface OfflineVarietyOptions {
  /** How many ideas to generate. */
  ideas: number;
  /** Who asks for the generations (a user's id): generations and brainstorms need one. */
  createdBy: number;
  type?: string;
  title?: string;
  problem?: string;
  themes?: string[];
  /** Ideas per generation (the slots of one call to "generate"). */
  perGeneration?: number;
  thresholds?: DuplicateThresholds;
}

export interface OfflineVariety {
  brainstormId: number;
  ideas: number;
  /** Ideas not stacked under another: those that stand in the review queue. */
  distinct: number;
  stacked: number;
  /** distinct / ideas. */
  share: number;
}

const OFFLINE_MODEL_SETTINGS = { temperature: 0.7, max_tokens: 1000 };

export async function measureOfflineVariety(
  db: Db,
  options: OfflineVarietyOptions,
): Promise<OfflineVariety> {
  const {
    ideas: wanted,
    createdBy,
    type = 'classic',
    title = 'Faster onboarding',
    problem = 'New hires take months to become productive.',
    themes = [],
    perGeneration = 10,
    thresholds = DEFAULT_DUPLICATE_THRESHOLDS,
  } = options;
  const { providers } = loadProviders({});
  const offline = providers.find((provider) => provider.key === 'offline');
  const client = createProviderClients(providers).get('offline');
  if (!offline || !client) throw new Error('the offline provider is always configured');

  const [brainstorm] = await db
    .insert(brainstorms)
    .values({ title, type, parameters: { problem, themes, type }, createdBy })
    .returning({ id: brainstorms.id });
  if (!brainstorm) throw new Error('an insert returned no row');

  for (let done = 0; done < wanted; done += perGeneration) {
    const count = Math.min(perGeneration, wanted - done);
    const angles = anglesFor(type, themes, count);
    const generation = await generationRepository.insertGeneration(db, {
      brainstormId: brainstorm.id,
      createdBy,
      slots: angles.map((angle, slot) => ({
        slot,
        provider: 'offline',
        model: offline.defaultModel,
        settings: OFFLINE_MODEL_SETTINGS,
        angle,
        reservedTokens: 0,
      })),
    });
    // The slots of a generation start together and share one read of the brainstorm.
    const context = await generationRepository.slotContext(db, generation.id, MAX_AVOID_TITLES);
    if (!context) throw new Error('the generation was just recorded');
    for (let index = 0; index < count; index += 1) {
      const slot = await generationRepository.claimSlot(db, generation.id, index);
      if (!slot) throw new Error('a new slot can be claimed');
      const input = slotInput(context, slot.angle);
      const prompt = buildPrompt(input);
      const result = await client.generate({
        model: slot.model,
        prompt,
        input,
        settings: OFFLINE_MODEL_SETTINGS,
        slot: index,
        seed: slotSeed({ generationId: generation.id, slot: index }, slot.attempts),
        signal: AbortSignal.timeout(10_000),
      });
      await generationRepository.completeSlot(
        db,
        slot,
        {
          technique: prompt.technique,
          promptVersion: prompt.promptVersion,
          candidates: result.ideas.map((idea) => ({ idea })),
          inputTokens: result.inputTokens,
          outputTokens: result.outputTokens,
        },
        thresholds,
      );
    }
  }

  const [counts] = rowsOf<{ ideas: number; stacked: number }>(
    await db.execute(sql`select count(*)::int as ideas,
        (count(*) filter (where duplicate_of is not null))::int as stacked
      from ideas where brainstorm_id = ${brainstorm.id}`),
  );
  const ideas = counts?.ideas ?? 0;
  const stacked = counts?.stacked ?? 0;
  return {
    brainstormId: brainstorm.id,
    ideas,
    distinct: ideas - stacked,
    stacked,
    share: ideas === 0 ? 0 : (ideas - stacked) / ideas,
  };
}
