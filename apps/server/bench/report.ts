import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HttpBenchResult } from './http.js';
import type { LoadLength, Timing } from './load.js';
import { serverRoot } from './processes.js';

const whole = (n: number) => Math.round(n).toLocaleString('en');
const mark = (met: boolean | null) => (met === null ? '' : met ? '✓ pass' : '✗ miss');

function row(cells: string[], widths: number[]) {
  return cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
    .join('  ');
}

function table(lines: string[][]): string {
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
      'ceiling req/s',
      'of ceiling',
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
      `${(figures.ratio * 100).toFixed(1)} %`,
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

/** Writes the result to bench/results/http-<database>.json and returns its path. */
export async function writeHttpResult(result: HttpBenchResult): Promise<string> {
  const directory = path.join(serverRoot, 'bench', 'results');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `http-${result.database}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}
