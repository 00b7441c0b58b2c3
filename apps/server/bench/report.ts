import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HttpBenchResult } from './http.js';
import type { LiveBenchResult } from './live.js';
import type { LoadLength, Timing } from './load.js';
import { serverRoot } from './processes.js';

const whole = (n: number) => Math.round(n).toLocaleString('en');
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const mark = (met: boolean | null) => (met === null ? '' : met ? '✓ pass' : '✗ miss');

function row(cells: string[], widths: number[]) {
  return cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
    .join('  ');
}

/** Lines of cells as aligned columns: the first to the left, the others to the right. */
export function table(lines: string[][]): string {
  const widths = (lines[0] ?? []).map((_, i) => Math.max(...lines.map((l) => l[i]?.length ?? 0)));
  return lines.map((line) => row(line, widths).trimEnd()).join('\n');
}

const lengthOf = (length: LoadLength) =>
  'seconds' in length ? `${length.seconds} s` : `${length.requests} requests`;

function describeTiming({ warmup, measured }: Timing) {
  return (
    `${lengthOf(measured)} per figure` + (warmup ? ` after ${lengthOf(warmup)} of warm-up` : '')
  );
}

/** The result as the table `npm run bench` prints. */
export function formatHttpResult(result: HttpBenchResult): string {
  const { seed, settings, machine, csv } = result;
  const smoke = result.smoke ? ' (smoke run: the figures mean nothing)' : '';
  const header =
    `\n${result.label}${smoke}: ${whole(seed.ideas)} ideas over ${whole(seed.brainstorms)} ` +
    `brainstorms, ${seed.users} users, ${Math.round(seed.annotatedShare * 100)} % of ideas ` +
    `annotated; ${settings.connections} connections, ${describeTiming(settings)}; ` +
    `${machine.cores} cores, Node ${machine.node}, commit ${result.commit ?? 'unknown'}`;
  const endpoints = table([
    [
      'endpoint',
      'body KB',
      'req/s',
      'p50 ms',
      'p99 ms',
      'node:http req/s',
      'of it',
      'SQL req/s',
      'of it',
      'target',
      '',
    ],
    ...result.endpoints.map(({ name, figures, target, met }) => [
      name,
      (figures.bodyBytes / 1000).toFixed(1),
      whole(figures.requestsPerSecond),
      figures.p50Ms.toFixed(1),
      figures.p99Ms.toFixed(1),
      whole(figures.ceiling.requestsPerSecond),
      percent(figures.ratio),
      figures.sqlCeiling ? whole(figures.sqlCeiling.requestsPerSecond) : '–',
      figures.sqlRatio === null ? '–' : percent(figures.sqlRatio),
      target ?? '',
      mark(met),
    ]),
  ]);
  const growth = csv.rssGrowthMb === null ? 'not measured' : `+${csv.rssGrowthMb.toFixed(1)} MB`;
  const exportLine =
    `CSV export of ${whole(csv.rows)} ideas: ${csv.seconds.toFixed(2)} s to the last byte, ` +
    `server RSS ${growth} (${csv.runs} run${csv.runs === 1 ? '' : 's'})` +
    (csv.target ? `   target ${csv.target}  ${mark(csv.met)}` : '');
  return `${header}\n${endpoints}\n${exportLine}`;
}

/** Writes a result to bench/results/<part>-<database>.json and returns its path. */
export async function writeResult(part: string, result: { database: string }): Promise<string> {
  const directory = path.join(serverRoot, 'bench', 'results');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `${part}-${result.database}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

/** Writes the result to bench/results/http-<database>.json and returns its path. */
export const writeHttpResult = (result: HttpBenchResult) => writeResult('http', result);

/** Writes the result to bench/results/live-<database>.json and returns its path. */
export const writeLiveResult = (result: LiveBenchResult) => writeResult('live', result);

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)}x` : '–');

/** The live benchmark's table, one line per server process of each setup, as `npm run bench` prints it. */
export function formatLiveResult(result: LiveBenchResult): string {
  const { settings, machine } = result;
  const smoke = result.smoke ? ' (smoke run: the figures mean nothing)' : '';
  const seconds = (settings.votes * settings.voteIntervalMs) / 1000;
  const header =
    `\nLive review on ${result.label}${smoke}: ${settings.streams} streams on one brainstorm, ` +
    `one user each; another user votes every ${settings.voteIntervalMs} ms for ${seconds} s ` +
    `(${whole(settings.votes)} votes over ${settings.ideas} ideas, the first ` +
    `${settings.warmupVotes} left out of the latencies); streams read by ` +
    `${settings.clientProcesses} processes; ${machine.cores} cores, Node ${machine.node}, ` +
    `commit ${result.commit ?? 'unknown'}, load average ${machine.loadAverage.join(' ')}`;
  const lines = [
    [
      'setup',
      'streams',
      'events',
      'received',
      'lost',
      'out of order',
      'p50 ms',
      'p99 ms',
      'max ms',
      'p50 / vote',
      'p99 / vote',
      'RSS / stream',
      'target',
      '',
    ],
  ];
  const notes: string[] = [];
  for (const setup of result.setups) {
    for (const group of setup.groups) {
      const perStream = group.rss.perStreamKb;
      lines.push([
        setup.instances === 1 ? setup.label : `${setup.label}: ${group.label}`,
        whole(group.streams),
        whole(group.expected),
        whole(group.received),
        whole(group.lost),
        whole(group.outOfOrder + group.idProblems),
        ms(group.latency.p50Ms),
        ms(group.latency.p99Ms),
        ms(group.latency.maxMs),
        times(group.ofVote.p50),
        times(group.ofVote.p99),
        perStream === null ? '' : `${perStream.toFixed(1)} KB`,
        group.target ?? '',
        mark(group.met),
      ]);
    }
    const { vote } = setup;
    const serverCpu = setup.groups
      .map((group) => (group.serverCpuPercent === null ? '?' : `${group.serverCpuPercent} %`))
      .join(' and ');
    const ended = setup.groups.reduce((sum, group) => sum + group.ended, 0);
    notes.push(
      `${setup.label}: the vote itself (the baseline) p50 ${ms(vote.p50Ms)} ms, p99 ` +
        `${ms(vote.p99Ms)} ms, max ${ms(vote.maxMs)} ms; sent at most ${ms(vote.lagP99Ms)} ms ` +
        `late (p99), ${vote.waited} held for the idea's previous vote; streams opened in ` +
        `${setup.openSeconds} s; server CPU ${serverCpu}, readers' CPU ` +
        `${setup.clientCpuPercent.map((percent) => `${percent} %`).join(' and ')} of a core` +
        (ended > 0 ? `; ${ended} streams ended by the server` : ''),
    );
  }
  return `${header}\n${table(lines)}\n${notes.join('\n')}`;
}
