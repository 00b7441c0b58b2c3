/**
 * `npm run soak -- [--minutes N] [--database pglite|postgres] [--fault-every S] [--seed S]`:
 * runs the built server (as `npm start` does) under load for N minutes while faults are
 * injected in turn, then checks that nothing acknowledged was lost.
 *
 * - Load: 20 reviewers vote, bookmark, react and comment over real HTTP, one write after
 *   another each, and one user starts a generation of 3 ideas every 2 s from a fake
 *   OpenAI-compatible provider on 127.0.0.1.
 * - Faults, one every S seconds (default 20), in turn: the server killed with SIGKILL and
 *   started again at once; the provider down for 5 s (it drops every connection); the server
 *   stopped with SIGTERM and started again; on PostgreSQL, the database out of reach for 3 s.
 * - Afterwards: every acknowledged write is in the database, every kept count equals its rows,
 *   and every acknowledged generation has finished with one idea per succeeded slot. It prints
 *   what it did and what was lost, and exits with 1 when anything was.
 *
 * PostgreSQL needs SOAK_DATABASE_URL, the server to create a throw-away database on.
 */
import { parseArgs } from 'node:util';
import { soak, type FaultKind, type SoakReport } from './soak.js';

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    database: { type: 'string', default: 'pglite' },
    'fault-every': { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
  },
  strict: true,
});
const minutes = Number(values.minutes);
const faultEvery = Number(values['fault-every']);
const seed = Number(values.seed);
if (!(minutes > 0)) refuse('--minutes must be a number above 0.');
if (!(faultEvery >= 1)) refuse('--fault-every must be at least 1 (seconds).');
if (!Number.isInteger(seed)) refuse('--seed must be a whole number.');
if (values.database !== 'pglite' && values.database !== 'postgres') {
  refuse(`Unknown database '${values.database}': choose pglite or postgres.`);
}
const postgresUrl = process.env.SOAK_DATABASE_URL;
if (values.database === 'postgres' && !postgresUrl) {
  refuse('--database postgres needs SOAK_DATABASE_URL, the server to create its database on.');
}

const report = await soak({
  minutes,
  faultEverySeconds: faultEvery,
  seed,
  postgresUrl: values.database === 'postgres' ? postgresUrl : undefined,
  progress: (line) => {
    console.log(line);
  },
});
console.log(formatReport(report));
process.exitCode = report.lost.length === 0 ? 0 : 1;

function formatReport({ writes, faults, generations: g, lost }: SoakReport) {
  const n = (count: number) => count.toLocaleString('en-US');
  const times = (kind: FaultKind, one: string, many: string) =>
    `${faults[kind]} ${faults[kind] === 1 ? one : many}`;
  return [
    '',
    `Writes: ${n(writes.sent)} sent, ${n(writes.acknowledged)} acknowledged, ` +
      `${n(writes.unanswered)} unanswered while the server or its database was down.`,
    `Faults: ${times('crash', 'crash', 'crashes')} (SIGKILL), ` +
      `${times('stop', 'stop', 'stops')} (SIGTERM), ` +
      `${times('provider', 'provider outage', 'provider outages')}, ` +
      `${times('database', 'database outage', 'database outages')}.`,
    `Generations: ${n(g.acknowledged)} acknowledged (${n(g.unanswered)} unanswered): ` +
      `${g.done} done, ${g.partlyFailed} partly failed, ${g.failed} failed; ` +
      `${n(g.ideas)} ideas stored.`,
    lost.length === 0
      ? 'Lost: nothing. Every acknowledged write is stored, and every count agrees with its rows.'
      : `Lost or wrong: ${lost.length}\n${lost.map((l) => `  - ${l}`).join('\n')}`,
  ].join('\n');
}
