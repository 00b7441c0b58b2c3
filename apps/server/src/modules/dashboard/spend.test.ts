import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { makeBrainstorm } from '../../../test/idea-factories.js';
import type { Db } from '../../db/client.js';
import { generations, generationSlots } from '../../db/schema/generations.js';
import { analyses } from '../../db/schema/sense-making.js';
import type { UserRow } from '../../db/schema/users.js';
import { startOfUtcMonth } from './spend.service.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let alice: UserRow;
let bob: UserRow;
let brainstorm: number;

/** A finished generation whose slots used the given models and tokens. */
async function generation(
  db: Db,
  user: UserRow,
  slots: { provider: string; model: string; input: number; output: number }[],
  created = new Date(),
) {
  const [row] = await db
    .insert(generations)
    .values({
      brainstormId: brainstorm,
      createdBy: user.id,
      requested: slots.length,
      status: 'done',
      inputTokens: slots.reduce((sum, slot) => sum + slot.input, 0),
      outputTokens: slots.reduce((sum, slot) => sum + slot.output, 0),
      created,
    })
    .returning();
  await db.insert(generationSlots).values(
    slots.map((slot, i) => ({
      generationId: row?.id ?? 0,
      slot: i,
      provider: slot.provider,
      model: slot.model,
      settings: {},
      angle: { key: 'k', label: 'l', instruction: 'i' },
      status: 'done' as const,
      inputTokens: slot.input,
      outputTokens: slot.output,
    })),
  );
}

const lastMonth = () => new Date(startOfUtcMonth(new Date()).getTime() - 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  alice = await makeUser(t.db);
  bob = await makeUser(t.db);
  brainstorm = (await makeBrainstorm(t.db, alice)).id;
});
afterAll(() => t.close());

interface Spend {
  month_start: string;
  me: { input_tokens: number; output_tokens: number; cost: number | null; unpriced_tokens: number };
  team: Spend['me'];
  today: Record<string, number>;
  by_model: { provider: string; provider_name: string; model: string; cost: number | null }[];
}

const spendOf = async (user: UserRow) => {
  const response = await call(user, 'GET', '/api/dashboard/spend/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Spend>();
};

describe('GET /api/dashboard/spend/', () => {
  it('is zero with nothing used, with the daily budgets the deployment sets', async () => {
    const spend = await spendOf(alice);
    expect(spend).toEqual({
      month_start: startOfUtcMonth(new Date()).toISOString(),
      me: { input_tokens: 0, output_tokens: 0, cost: 0, unpriced_tokens: 0 },
      team: { input_tokens: 0, output_tokens: 0, cost: 0, unpriced_tokens: 0 },
      today: {
        me_tokens: 0,
        team_tokens: 0,
        daily_tokens_per_user: testConfig.generation.limits.dailyTokensPerUser,
        daily_tokens_total: testConfig.generation.limits.dailyTokensTotal,
      },
      by_model: [],
    });
  });

  it('says null, never $0, when only unpriced models were used', async () => {
    await generation(t.db, bob, [{ provider: 'ollama', model: 'llama3', input: 500, output: 100 }]);
    const spend = await spendOf(bob);
    expect(spend.me).toEqual({
      input_tokens: 500,
      output_tokens: 100,
      cost: null,
      unpriced_tokens: 600,
    });
  });

  it("costs this month's generations and sense-making runs, the caller's and the team's", async () => {
    await generation(t.db, alice, [
      { provider: 'openai', model: 'gpt-5', input: 1_000_000, output: 100_000 },
      { provider: 'offline', model: 'sample-ideas', input: 0, output: 0 },
    ]);
    await generation(
      t.db,
      alice,
      [{ provider: 'openai', model: 'gpt-5', input: 9_000_000, output: 9_000_000 }],
      lastMonth(),
    );
    await t.db.insert(analyses).values({
      brainstormId: brainstorm,
      kind: 'themes',
      createdBy: alice.id,
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      params: { ideas: [] },
      status: 'done',
      inputTokens: 200_000,
      outputTokens: 20_000,
    });
    const spend = await spendOf(alice);
    // gpt-5: 1.25 + 0.1 × 10 = 2.25; haiku: 0.2 × 1 + 0.02 × 5 = 0.3.
    expect(spend.me.input_tokens).toBe(1_200_000);
    expect(spend.me.output_tokens).toBe(120_000);
    expect(spend.me.cost).toBeCloseTo(2.55, 10);
    expect(spend.me.unpriced_tokens).toBe(0);
    expect(spend.team.cost).toBeCloseTo(2.55, 10);
    expect(spend.team.unpriced_tokens).toBe(600);
    expect(spend.by_model.map((m) => [m.provider, m.model, m.cost])).toEqual([
      ['anthropic', 'claude-haiku-4-5', expect.closeTo(0.3, 10)],
      ['offline', 'sample-ideas', 0],
      ['ollama', 'llama3', null],
      ['openai', 'gpt-5', expect.closeTo(2.25, 10)],
    ]);
    // A provider no longer set up keeps its key; a set-up one shows its name.
    expect(spend.by_model.map((m) => m.provider_name)).toEqual([
      'anthropic',
      'Offline sample ideas (no AI)',
      'ollama',
      'openai',
    ]);
  });

  it("counts today's used, reserved and unreported tokens as the budgets do", async () => {
    await t.db.execute(sql`update generations set reserved_tokens = 40, unreported_tokens = 2
      where created_by = ${bob.id}`);
    const spend = await spendOf(bob);
    expect(spend.today.me_tokens).toBe(642);
    expect(spend.today.team_tokens).toBe(642 + 1_100_000 + 220_000);
    expect((await call(null, 'GET', '/api/dashboard/spend/')).statusCode).toBe(401);
  });
});
