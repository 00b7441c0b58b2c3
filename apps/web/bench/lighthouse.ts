import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { createBrainstormViaApi, generateOfflineIdeas } from '../e2e/helpers';
import { createUsers, startServer } from '../e2e/server';
import type { TestUser } from '../e2e/users';

/**
 * The targets per preset and category (issue 26): everything perfect but performance on the
 * mobile preset, whose 4x slowed CPU on this machine leaves a few points to the noise.
 */
export const LIGHTHOUSE_TARGETS = {
  mobile: { performance: 95, accessibility: 100, 'best-practices': 100 },
  desktop: { performance: 100, accessibility: 100, 'best-practices': 100 },
};

type PresetName = keyof typeof LIGHTHOUSE_TARGETS;
type Category = keyof (typeof LIGHTHOUSE_TARGETS)[PresetName];
const CATEGORIES = Object.keys(LIGHTHOUSE_TARGETS.mobile) as Category[];

const PRESETS: { name: PresetName; config: Config | undefined }[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

/** A full first page of the review list (its page size is 50), as issue 39 measures it. */
const REVIEWED_IDEAS = 50;

/** Runs per page and preset; the median one is reported, as Lighthouse advises for noise. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const benchUser: TestUser = {
  email: 'lighthouse@example.com',
  password: 'audits read every page twice',
  firstName: 'Light',
  lastName: 'House',
};

export interface LighthouseScore {
  page: string;
  preset: PresetName;
  scores: Record<Category, number>;
  /** The median run's total blocking time, largest contentful paint and scripts fetched. */
  metrics: { blockingMs: number; lcpMs: number; scriptKb: number };
  failedAudits: string[];
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Signs in through the API in the browser's profile (the refresh cookie stays there). */
async function signIn(context: BrowserContext, user: TestUser) {
  const response = await context.request.post('/api/auth/token/', {
    data: { email: user.email, password: user.password },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${String(response.status())}`);
  return ((await response.json()) as { access: string }).access;
}

/** A brainstorm with ideas from the offline provider: the review page has rows to show. */
async function reviewPagePath(context: BrowserContext, token: string) {
  const id = await createBrainstormViaApi(context.request, token, 'How might we test faster?');
  await generateOfflineIdeas(context.request, token, id, REVIEWED_IDEAS);
  return `/brainstorms/${String(id)}/review`;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * The audits that cost points: weighed in a category and short of a full score. Performance
 * weighs only its metrics; its diagnostics and insights explain them and are left out.
 */
function failedAudits(lhr: Report) {
  const weighed = CATEGORIES.flatMap((category) => lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]);
  return weighed.flatMap((audit) => {
    if (audit?.score == null || audit.score >= 1) return [];
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    return [`${audit.id}: ${audit.title}${value}${itemsOf(audit.details)}`];
  });
}

type Audit = Report['audits'][string];

/** What a failed audit found, in short: its first few items' descriptions, URLs or elements. */
function itemsOf(details: Audit['details']) {
  if (details?.type !== 'table' && details?.type !== 'list') return '';
  const items = details.items.slice(0, 3).flatMap((item) => {
    const { description, url, node } = item as Record<string, unknown>;
    const snippet = (node as { snippet?: unknown } | undefined)?.snippet;
    const text = [description, url, snippet].find((field) => typeof field === 'string');
    return typeof text === 'string' ? [text] : [];
  });
  return items.length > 0 ? `: ${items.join('; ')}` : '';
}

/** The figures the performance score is mostly lost to, and the JavaScript transferred. */
function metricsOf(lhr: Report) {
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const requests = lhr.audits['network-requests']?.details;
  const items = requests?.type === 'table' ? requests.items : [];
  const scriptBytes = items
    .map((item) => item as { resourceType?: unknown; transferSize?: unknown })
    .filter((item) => item.resourceType === 'Script')
    .reduce(
      (sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0),
      0,
    );
  return {
    blockingMs: numeric('total-blocking-time'),
    lcpMs: numeric('largest-contentful-paint'),
    scriptKb: Math.round(scriptBytes / 100) / 10,
  };
}

const performanceOf = (lhr: Report) => lhr.categories.performance?.score ?? 0;

/** The run with the median performance score; a run that failed to load counts as lowest. */
function medianRun(runs: Report[]) {
  const sorted = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b));
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('Lighthouse made no run');
  return median;
}

/**
 * With LIGHTHOUSE_REPORT_DIR set, each audit's median report is written there as JSON, for
 * what the figures leave out: which scripts block the main thread, and for how long.
 */
function keepReport(lhr: Report, preset: PresetName) {
  const directory = process.env.LIGHTHOUSE_REPORT_DIR;
  if (!directory) return;
  const page = new URL(lhr.finalDisplayedUrl).pathname.split('/').filter(Boolean).at(-1);
  writeFileSync(path.join(directory, `${page ?? 'root'}-${preset}.json`), JSON.stringify(lhr));
}

/** The server's own setting, when the build to audit is not the default one. */
const webDistDir = (): Record<string, string> =>
  process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {};

async function audit(url: string, port: number, preset: (typeof PRESETS)[number]) {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // Keeps the profile's refresh cookie: the review page is audited signed in.
    disableStorageReset: true,
    // This audit leaves the page and comes back, reloading it while its token refresh may be
    // under way; it scores nothing, and Playwright's Chromium has the cache turned off anyway.
    skipAudits: ['bf-cache'],
  };
  const runs: Report[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(url, flags, preset.config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) throw new Error(`${url} went to ${landed}`);
    runs.push(result.lhr);
  }
  const lhr = medianRun(runs);
  keepReport(lhr, preset.name);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      Math.round((lhr.categories[category]?.score ?? 0) * 100),
    ]),
  ) as Record<Category, number>;
  return { scores, metrics: metricsOf(lhr), failedAudits: failedAudits(lhr) };
}

/** Both presets on one page: the login page signed out, the review page signed in. */
async function auditPage(baseURL: string, debuggingPort: number, page: string, pagePath: string) {
  const results: LighthouseScore[] = [];
  for (const preset of PRESETS) {
    const result = await audit(`${baseURL}${pagePath}`, debuggingPort, preset);
    results.push({ page, preset: preset.name, ...result });
  }
  return results;
}

/** Debian's Chromium on a profile of its own, with a debugging port for Lighthouse. */
function launchChromium(profileDir: string, debuggingPort: number, baseURL: string) {
  // The persistent profile's default context is the one Lighthouse opens its tabs in.
  return chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--remote-debugging-port=${String(debuggingPort)}`],
    baseURL,
  });
}

/**
 * Lighthouse on the login page and on a signed-in review page with ideas, in the mobile and
 * desktop presets, against the built server started on a throw-away data directory. Stops
 * the server and the browser, and removes both directories.
 */
export async function runLighthouse(): Promise<LighthouseScore[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ideaforge-lighthouse-'));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'ideaforge-lighthouse-profile-'));
  const [serverPort, debuggingPort] = [await freePort(), await freePort()];
  const baseURL = `http://127.0.0.1:${String(serverPort)}`;
  try {
    createUsers(dataDir, [benchUser]);
    const stopServer = await startServer(dataDir, String(serverPort), webDistDir());
    try {
      const context = await launchChromium(profileDir, debuggingPort, baseURL);
      try {
        const login = await auditPage(baseURL, debuggingPort, '/login', '/login');
        const token = await signIn(context, benchUser);
        const reviewPath = await reviewPagePath(context, token);
        const review = await auditPage(
          baseURL,
          debuggingPort,
          '/brainstorms/<id>/review',
          reviewPath,
        );
        return [...login, ...review];
      } finally {
        await context.close();
      }
    } finally {
      await stopServer();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

/** The scores against their targets, a miss marked, and each failed audit below its row. */
export function formatLighthouseScores(results: LighthouseScore[]) {
  const targets = PRESETS.map(({ name }) => {
    const target = LIGHTHOUSE_TARGETS[name];
    return `${name}: ${CATEGORIES.map((c) => `${c} >= ${String(target[c])}`).join(', ')}`;
  }).join('; ');
  const lines = results.flatMap(({ page, preset, scores, metrics, failedAudits }) => {
    const figures = CATEGORIES.map((category) => {
      const missed = scores[category] < LIGHTHOUSE_TARGETS[preset][category] ? ' MISSED' : '';
      return `${category} ${String(scores[category])}${missed}`;
    }).join(', ');
    const { blockingMs, lcpMs, scriptKb } = metrics;
    return [
      `  ${page} (${preset}): ${figures}`,
      `      blocking ${String(blockingMs)} ms, LCP ${String(lcpMs)} ms, JavaScript ${String(scriptKb)} KB transferred`,
      ...failedAudits.map((failed) => `      failed ${failed}`),
    ];
  });
  return [`Lighthouse (${targets}):`, ...lines].join('\n');
}
