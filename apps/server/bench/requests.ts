/**
 * Request benchmarks on the embedded database, through the real app (app.inject).
 * Every figure is printed as a ratio to a baseline measured in the same run: a health check,
 * which costs one trivial SQL statement. Ratios stay comparable across machines.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { ideas } from '../src/db/schema/ideas.js';
import { brainstorms } from '../src/db/schema/brainstorms.js';
import { createUser } from '../src/modules/users/users.service.js';

const BRAINSTORMS = 2_000;
const IDEAS_PER_BRAINSTORM = 20;

const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'b'.repeat(32), LOG_LEVEL: 'silent' });
const database = await openDatabase({ kind: 'pglite-memory' });
await database.migrate();
const app = await buildApp(config, { database, logger: false });
await app.ready();

const user = await createUser(database.db, {
  email: 'bench@example.com',
  password: 'measured passphrase',
  first_name: 'Bench',
  last_name: '',
  is_staff: false,
});
const authorization = `Bearer ${await app.tokens.sign(user)}`;

for (let start = 0; start < BRAINSTORMS; start += 500) {
  const rows = await database.db
    .insert(brainstorms)
    .values(
      Array.from({ length: 500 }, (_, i) => ({
        title: `Brainstorm ${start + i}`,
        type: 'classic',
        parameters: { problem: `Problem ${start + i}`, themes: ['a', 'b'], type: 'classic' },
        createdBy: user.id,
      })),
    )
    .returning({ id: brainstorms.id });
  await database.db.insert(ideas).values(
    rows.flatMap(({ id }) =>
      Array.from({ length: IDEAS_PER_BRAINSTORM }, (_, i) => ({
        brainstormId: id,
        title: `I${i}`,
      })),
    ),
  );
}

async function measure(url: string, iterations: number): Promise<number> {
  const run = async () => {
    const response = await app.inject({ url, headers: { authorization } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  };
  for (let i = 0; i < 20; i++) await run();
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await run();
  return Number(process.hrtime.bigint() - started) / 1e6 / iterations;
}

const baseline = await measure('/api/health/', 400);
const cases: [string, string, number][] = [
  ['current user', '/api/users/me/', 400],
  ['brainstorm list, 10 a page', '/api/brainstorms/?page_size=10', 200],
  ['brainstorm list, 50 a page', '/api/brainstorms/?page_size=50', 200],
  ['brainstorm list, by idea count', '/api/brainstorms/?page_size=10&ordering=-ideas_count', 50],
  ['brainstorm search', '/api/brainstorms/?search=Problem%201999', 100],
  ['brainstorm detail', '/api/brainstorms/1000/', 400],
];

console.log(`${BRAINSTORMS} brainstorms with ${IDEAS_PER_BRAINSTORM} ideas each, on PGlite`);
console.log(`baseline  health check: ${baseline.toFixed(3)} ms/request (1.00x)`);
for (const [name, url, iterations] of cases) {
  const ms = await measure(url, iterations);
  console.log(`${(ms / baseline).toFixed(2).padStart(7)}x  ${name}: ${ms.toFixed(3)} ms/request`);
}
await app.close();
await database.close();
