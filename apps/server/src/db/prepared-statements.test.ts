import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PREPARED_PER_CONNECTION, PreparingClient } from './prepared-statements.js';

const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

async function withClient(run: (client: pg.Client) => Promise<void>) {
  const client = new PreparingClient({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

const preparedCount = async (client: pg.Client) => {
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from pg_prepared_statements',
  );
  return rows[0]?.n;
};

describe.runIf(url)('statements prepared by their text', () => {
  it('prepares a repeated statement once and answers each run with its own values', async () => {
    await withClient(async (client) => {
      const config = { text: 'select $1::int * 2 as doubled', values: [0] };
      const answers = [];
      for (const value of [1, 2, 3]) {
        const { rows } = await client.query<{ doubled: number }>({ ...config, values: [value] });
        answers.push(rows[0]?.doubled);
      }
      expect(answers).toEqual([2, 4, 6]);
      expect(await preparedCount(client)).toBe(1);
      // The caller's object is not changed.
      expect(config).not.toHaveProperty('name');
    });
  });

  it('leaves plain-string statements unprepared', async () => {
    await withClient(async (client) => {
      await client.query('select $1::int as n', [1]);
      expect(await preparedCount(client)).toBe(0);
    });
  });

  it('stops preparing new texts past its bound, and still runs them', async () => {
    await withClient(async (client) => {
      const texts = Array.from(
        { length: PREPARED_PER_CONNECTION + 5 },
        (_, i) => `select $1::int + ${i} as n`,
      );
      const answers = [];
      for (const text of texts) {
        const { rows } = await client.query<{ n: number }>({ text, values: [1] });
        answers.push(rows[0]?.n);
      }
      expect(answers).toEqual(texts.map((_, i) => 1 + i));
      expect(await preparedCount(client)).toBe(PREPARED_PER_CONNECTION);
      // A text prepared before the bound is still reused.
      const { rows } = await client.query<{ n: number }>({ text: texts[0] ?? '', values: [41] });
      expect(rows[0]?.n).toBe(41);
      expect(await preparedCount(client)).toBe(PREPARED_PER_CONNECTION);
    });
  });

  it('reports a failing statement and goes on preparing', async () => {
    await withClient(async (client) => {
      await expect(client.query({ text: 'select 1 / $1::int', values: [0] })).rejects.toThrow(
        /division by zero/,
      );
      const { rows } = await client.query<{ n: number }>({
        text: 'select 1 / $1::int as n',
        values: [1],
      });
      expect(rows[0]?.n).toBe(1);
    });
  });
});
