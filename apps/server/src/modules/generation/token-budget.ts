import type { GenerationLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { tooManyRequests } from '../../lib/errors.js';
import type { BuiltPrompt } from '../providers/generated-idea.js';
import * as repository from './generation.repository.js';
import type { ClaimedSlot } from './generation.repository.js';

/**
 * What a call adds to its prompt's text: each message's framing, the answer's JSON schema, and
 * the instructions some providers add for structured output (Anthropic's tool use alone adds
 * about 350 tokens). A generous constant.
 */
export const CALL_OVERHEAD_TOKENS = 1000;

/**
 * The most tokens a text can be, for any tokenizer a provider uses: the byte-level BPE of GPT,
 * Claude and Llama makes at most one token per UTF-8 byte, and so does SentencePiece with byte
 * fallback (Gemini) after it normalises the text, which may lengthen it (NFKC). A guess of three
 * characters a token was short by nine times for text of a character that is three bytes.
 */
export function textTokenBound(text: string): number {
  return Math.max(Buffer.byteLength(text), Buffer.byteLength(text.normalize('NFKC')));
}

/** The most tokens one call may send: its system prompt and user message, and the overhead. */
export const promptTokenBound = (prompt: Pick<BuiltPrompt, 'system' | 'prompt'>) =>
  textTokenBound(prompt.system) + textTokenBound(prompt.prompt) + CALL_OVERHEAD_TOKENS;

/**
 * The most one slot's call may cost: its prompt, max_tokens for each of its candidates, and,
 * when its provider embeds them, their text once more (an answer's text is at most its tokens).
 */
export const callTokenBound = (
  prompt: Pick<BuiltPrompt, 'system' | 'prompt'>,
  maxTokens: number,
  candidates: number,
  embeds: boolean,
) => promptTokenBound(prompt) + maxTokens * candidates * (embeds ? 2 : 1);

/** The offline provider composes ideas from templates: no call, no tokens. */
export const costsNothing = (provider: string) => provider === 'offline';

/**
 * Serialises the limit checks of concurrent requests (generations and sense-making runs alike)
 * until the transaction ends.
 */
export const lockLimits = (tx: Db) => repository.lockLimits(tx);

const DAY_MS = 86_400_000;

export function startOfUtcDay(now: Date) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Seconds until the daily budgets start again, at midnight UTC. */
export const secondsUntilTomorrow = (now: Date) =>
  (startOfUtcDay(now).getTime() + DAY_MS - now.getTime()) / 1000;

/**
 * Which daily budget `tokens` more would pass: the user's, the team's, or neither (null). What
 * the day's generations used, still hold in reserve and may have used in calls that never
 * reported it all count. Call it under `lockLimits`, in the transaction that reserves.
 */
export async function budgetPassed(
  tx: Db,
  limits: GenerationLimits,
  userId: number,
  tokens: number,
  now: Date,
): Promise<'user' | 'team' | null> {
  if (tokens <= 0) return null;
  const day = startOfUtcDay(now);
  if ((await repository.tokensSince(tx, day, userId)) + tokens > limits.dailyTokensPerUser) {
    return 'user';
  }
  if ((await repository.tokensSince(tx, day)) + tokens > limits.dailyTokensTotal) return 'team';
  return null;
}

/**
 * The 429 for a request whose tokens would pass a daily budget, until midnight UTC; `advice` says
 * what the person may ask for instead within their own budget.
 */
export function budgetRefusal(
  passed: 'user' | 'team',
  limits: GenerationLimits,
  now: Date,
  advice: string,
) {
  const wait = secondsUntilTomorrow(now);
  if (passed === 'user') {
    return tooManyRequests(
      `This would pass your daily budget of ${limits.dailyTokensPerUser.toLocaleString('en')} ` +
        `tokens. ${advice}, or try again after midnight UTC.`,
      wait,
    );
  }
  return tooManyRequests(
    `This would pass the team's daily budget of ` +
      `${limits.dailyTokensTotal.toLocaleString('en')} tokens. Try again after midnight UTC.`,
    wait,
  );
}

/** Why a call was not made: whose daily budget had no room for it. */
export const BUDGET_REASONS = {
  user: 'it would have passed the daily token budget of the person who asked for it',
  team: "it would have passed the team's daily token budget",
} as const;

/**
 * Reserves what a call may cost before it is made, and marks it in flight. Within the slot's
 * reservation that is one statement; beyond it (the brainstorm grew after the request, or an
 * earlier call of the slot used up its reservation) the difference must fit the daily budgets,
 * checked under the same lock as a new request. Returns 'reserved', the budget that had no
 * room ('user' or 'team'), or 'finished' when the slot was finished meanwhile.
 */
export async function reserveCall(
  db: Db,
  limits: GenerationLimits,
  slot: ClaimedSlot,
  tokens: number,
): Promise<'reserved' | 'finished' | 'user' | 'team'> {
  const started = (tx: Db) => repository.startCall(tx, slot, tokens);
  if (tokens <= slot.reservedTokens) return (await started(db)) ? 'reserved' : 'finished';
  return db.transaction(async (tx) => {
    await repository.lockLimits(tx);
    const now = new Date();
    const passed = await budgetPassed(
      tx,
      limits,
      slot.requestedBy,
      tokens - slot.reservedTokens,
      now,
    );
    if (passed) return passed;
    return (await started(tx)) ? 'reserved' : 'finished';
  });
}
