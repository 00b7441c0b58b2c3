/** The scale benchmark's table, one column per size, and its targets. */
import { formatLabelledPairs } from './quality.js';
import { table, writeResult } from './report.js';
import type { HealthFigures, PathTiming } from './scale-probes.js';
import { RANKED_IDEAS, type RunFigures, type ScaleResult, type SizeResult } from './scale.js';

const whole = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const health = (h: HealthFigures) => `${ms(h.p99Ms)} / ${ms(h.maxMs)}`;

/** A path's median, or null when it answered an error instead. */
const timingMs = (timing: PathTiming | undefined): number | null =>
  timing && 'p50Ms' in timing ? timing.p50Ms : null;

const timingText = (timing: PathTiming | undefined) =>
  timing && 'status' in timing ? `n/a (${timing.status})` : ms(timingMs(timing) ?? NaN);

/** The CSV export's median, and the same per 1,000 ideas it held. */
const exportTiming = (size: SizeResult) => size.paths.find((path) => path.key === 'export')?.timing;

function exportPerThousand(size: SizeResult): number | null {
  const exported = timingMs(exportTiming(size));
  return exported === null ? null : (exported * 1000) / Math.max(size.pathIdeas, 1);
}

/** A per-request figure: its median at a size (null when not measured), and its cell. */
interface RequestFigure {
  name: string;
  figure: (size: SizeResult) => number | null;
  text: (size: SizeResult) => string;
  /** Whether its time at 20,000 is held to twice its time at 2,000: all but the whole export. */
  targeted: boolean;
}

const timed = (name: string, timing: (size: SizeResult) => PathTiming | undefined) => ({
  name,
  figure: (size: SizeResult) => timingMs(timing(size)),
  text: (size: SizeResult) => timingText(timing(size)),
  targeted: true,
});

/** The review pages, then each per-brainstorm path, in the order they were timed. */
function requestFigures(sizes: SizeResult[]): RequestFigure[] {
  const paths = (sizes[0]?.paths ?? []).filter((path) => path.key !== 'export');
  return [
    timed('review queue, first page', (s) => s.review.unreviewed),
    timed('review table, 50 with annotations', (s) => s.review.table),
    ...paths.map(({ key, name }) =>
      timed(name, (s) => s.paths.find((path) => path.key === key)?.timing),
    ),
    { ...timed('CSV export', exportTiming), targeted: false },
    {
      name: 'CSV export per 1,000 ideas',
      figure: exportPerThousand,
      text: (s) => ms(exportPerThousand(s) ?? NaN),
      targeted: true,
    },
    {
      name: 'vote to its live event',
      figure: (s) => s.voteToEventMs,
      text: (s) => ms(s.voteToEventMs),
      targeted: true,
    },
  ];
}

/** A figure at each size with its ratio to the smallest size's, or what was answered instead. */
function againstSmallest(
  sizes: SizeResult[],
  { figure, text }: Pick<RequestFigure, 'figure' | 'text'>,
) {
  const base = sizes[0] ? figure(sizes[0]) : null;
  return sizes.map((size, n) => {
    const value = figure(size);
    if (value === null) return text(size);
    if (n === 0 || base === null || base <= 0) return ms(value);
    return `${ms(value)} (${(value / base).toFixed(1)}×)`;
  });
}

/** The rows of the table: a label, then one cell per size. */
function rows(result: ScaleResult): string[][] {
  const { sizes, settings } = result;
  const each = (cell: (size: SizeResult) => string) => sizes.map(cell);
  const ratioed = (figure: (size: SizeResult) => number) =>
    againstSmallest(sizes, { figure, text: () => 'n/a' });
  const requests = requestFigures(sizes).map((request) => [
    `${request.name}, p50 ms`,
    ...againstSmallest(sizes, request),
  ]);
  return [
    ['seed, s', ...each((s) => s.seedSeconds.toFixed(1))],
    [`POST /api/ideas/ ×${settings.posts}, p50 ms`, ...ratioed((s) => s.posts.p50Ms)],
    ['  p99 ms', ...ratioed((s) => s.posts.p99Ms)],
    ['  stacked as near-duplicates', ...each((s) => String(s.posts.stacked))],
    ['  health p99 / max ms', ...each((s) => health(s.posts.health))],
    [
      `generation of ${settings.generatedIdeas}, s (D = ${settings.delayMs / 1000} s)`,
      ...each((s) => `${s.generation.seconds.toFixed(2)} (${s.generation.ratio.toFixed(2)}× D)`),
    ],
    ['  provider calls at once', ...each((s) => String(s.generation.providerCallsAtOnce))],
    ['  health p99 / max ms', ...each((s) => health(s.generation.health))],
    [`import of ${settings.importRows} rows, s`, ...each((s) => s.import.seconds.toFixed(2))],
    ['  stacked as near-duplicates', ...each((s) => String(s.import.stacked))],
    ['  health p99 / max ms', ...each((s) => health(s.import.health))],
    ...requests.slice(0, 2),
    ['  health p99 / max ms', ...each((s) => health(s.review.health))],
    ...requests.slice(2),
    ['  ideas in the brainstorm', ...each((s) => whole(s.pathIdeas))],
    ['  health p99 / max ms', ...each((s) => health(s.pathsHealth))],
    ...senseMakingRows(result),
    ['server RSS after, MB', ...each((s) => (s.rssMb === null ? '–' : whole(s.rssMb)))],
  ];
}

/** The sense-making runs, each in seconds and as a multiple of the model's delay D. */
const RUNS: { name: string; read: string; run: (size: SizeResult) => RunFigures }[] = [
  { name: 'themes by the model', read: 'ideas read', run: (s) => s.senseMaking.themes },
  { name: 'themes by keywords', read: 'ideas read', run: (s) => s.senseMaking.keywordThemes },
  {
    name: `ranking of the top ${RANKED_IDEAS}`,
    read: 'ideas read',
    run: (s) => s.senseMaking.ranking,
  },
  { name: 'repeats among the newest', read: 'pairs judged', run: (s) => s.senseMaking.repeats },
];

function senseMakingRows({ sizes, settings }: ScaleResult): string[][] {
  const each = (cell: (size: SizeResult) => string) => sizes.map(cell);
  const inD = (seconds: number) => ((seconds * 1000) / settings.delayMs).toFixed(2);
  return [
    ...RUNS.flatMap(({ name, read, run }) => [
      [`${name}, s`, ...each((s) => `${run(s).seconds.toFixed(2)} (${inD(run(s).seconds)}× D)`)],
      [`  ${read} / model calls`, ...each((s) => `${whole(run(s).ideas)} / ${run(s).calls}`)],
    ]),
    ['  health p99 / max ms', ...each((s) => health(s.senseMaking.health))],
  ];
}

const HEALTH_LIMIT_MS = 50;

/** Each target with its verdict: 'met', 'not met (the value)' or 'not measured (why)'. */
export function scaleTargets(result: ScaleResult): { target: string; verdict: string }[] {
  const { sizes } = result;
  const at = (ideas: number) => sizes.find((size) => size.ideas === ideas);
  const [baseline, small, large] = [at(0), at(2_000), at(20_000)];
  const missing = (...needed: [string, SizeResult | undefined][]) => {
    const absent = needed.filter(([, size]) => !size).map(([name]) => name);
    return absent.length > 0 ? `not measured (no size ${absent.join(' or ')})` : null;
  };
  const verdict = (met: boolean, value: string) => (met ? 'met' : `not met (${value})`);
  const generationLimit = result.database === 'postgres' ? 1.5 : 2;
  const targets = [
    {
      target: 'POST p50 at 20,000 ≤ 2 × at 0',
      verdict:
        missing(['0', baseline], ['20,000', large]) ??
        verdict(
          (large?.posts.p50Ms ?? 0) <= 2 * (baseline?.posts.p50Ms ?? 0),
          `${ms(large?.posts.p50Ms ?? NaN)} ms vs ${ms(baseline?.posts.p50Ms ?? NaN)} ms`,
        ),
    },
    {
      target: `generation at 20,000 ≤ ${generationLimit} × D`,
      verdict:
        missing(['20,000', large]) ??
        verdict(
          (large?.generation.ratio ?? 0) <= generationLimit,
          `${(large?.generation.ratio ?? NaN).toFixed(2)}× D`,
        ),
    },
    {
      target: 'import at 20,000 ≤ 2 s',
      verdict:
        missing(['20,000', large]) ??
        verdict(
          (large?.import.seconds ?? 0) <= 2,
          `${(large?.import.seconds ?? NaN).toFixed(2)} s`,
        ),
    },
    ...healthTargets(sizes),
  ];
  for (const { name, figure } of requestFigures(sizes).filter((request) => request.targeted)) {
    const before = small ? figure(small) : null;
    const after = large ? figure(large) : null;
    targets.push({
      target: `${name} at 20,000 ≤ 2 × at 2,000`,
      verdict:
        missing(['2,000', small], ['20,000', large]) ??
        (before === null || after === null
          ? 'not measured (n/a)'
          : verdict(
              after <= 2 * before,
              `${ms(after)} ms vs ${ms(before)} ms, ${(after / before).toFixed(1)}×`,
            )),
    });
  }
  for (const { name, run } of RUNS) {
    const [before, after] = [small && run(small).seconds, large && run(large).seconds];
    targets.push({
      target: `${name} at 20,000 ≤ 2 × at 2,000`,
      verdict:
        missing(['2,000', small], ['20,000', large]) ??
        verdict(
          (after ?? 0) <= 2 * (before ?? 0),
          `${(after ?? NaN).toFixed(2)} s vs ${(before ?? NaN).toFixed(2)} s`,
        ),
    });
  }
  return targets;
}

/** Health p99 ≤ 50 ms during each measurement, at every size. */
function healthTargets(sizes: SizeResult[]) {
  const during: [string, (size: SizeResult) => HealthFigures][] = [
    ['the POSTs', (s) => s.posts.health],
    ['the generation', (s) => s.generation.health],
    ['the import', (s) => s.import.health],
    ['the review pages', (s) => s.review.health],
    ['the other paths', (s) => s.pathsHealth],
    ['the sense-making runs', (s) => s.senseMaking.health],
  ];
  return during.map(([name, figures]) => {
    const over = sizes
      .filter((size) => !(figures(size).p99Ms <= HEALTH_LIMIT_MS))
      .map((size) => `${ms(figures(size).p99Ms)} ms at ${whole(size.ideas)}`);
    return {
      target: `health p99 during ${name} ≤ ${HEALTH_LIMIT_MS} ms`,
      verdict: over.length === 0 ? 'met' : `not met (${over.join('; ')})`,
    };
  });
}

/** The result as `npm run bench -- scale` prints it: the table, the labelled pairs, the targets. */
export function formatScaleResult(result: ScaleResult): string {
  const { machine, sizes } = result;
  const smoke = result.smoke ? ' (smoke run: the figures mean nothing)' : '';
  const smallest = sizes[0] ? whole(sizes[0].ideas) : '';
  const header =
    `\nScale on ${result.label}${smoke}: one brainstorm of each size, a fresh database each; ` +
    `(n×) compares with the same figure at ${smallest} ideas; ${machine.cores} cores, ` +
    `Node ${machine.node}, commit ${result.commit ?? 'unknown'}`;
  const lines = [['ideas seeded', ...sizes.map((size) => whole(size.ideas))], ...rows(result)];
  const targets = result.smoke
    ? []
    : ['  Targets:', ...scaleTargets(result).map((t) => `    ${t.target}: ${t.verdict}`)];
  return [header, table(lines), ...formatLabelledPairs(result.pairs), ...targets].join('\n');
}

/** Writes the result and its targets to bench/results/scale-<database>.json; returns its path. */
export function writeScaleResult(result: ScaleResult): Promise<string> {
  const written = { ...result, targets: scaleTargets(result) };
  return writeResult('scale', written);
}
