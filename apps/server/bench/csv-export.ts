import type { Session } from './api.js';
import { residentMb } from './processes.js';
import type { DatabaseKind } from './throwaway-database.js';

export const EXPORT_PATH = '/api/ideas/?format=csv';
const SAMPLE_EVERY_MS = 5;

export interface ExportFigures {
  /** Time to the last byte of the download. */
  seconds: number;
  /** The server's peak resident memory during the download minus just before it; null off Linux. */
  rssGrowthMb: number | null;
  /** Records after the header. */
  rows: number;
}

export interface ExportTarget {
  text: string;
  met: (figures: ExportFigures) => boolean;
}

export const EXPORT_TARGETS: Partial<Record<DatabaseKind, ExportTarget>> = {
  postgres: {
    text: '≤ 2 s, RSS growth < 50 MB',
    met: (f) => f.seconds <= 2 && f.rssGrowthMb !== null && f.rssGrowthMb < 50,
  },
  // The embedded database runs in the server's process: its memory is the server's.
  pglite: {
    text: 'RSS growth < 50 MB',
    met: (f) => f.rssGrowthMb !== null && f.rssGrowthMb < 50,
  },
};

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/** Counts CSV records as they stream by: line ends outside quoted cells. */
function recordCounter() {
  let quoted = false;
  let records = 0;
  return {
    add(bytes: Uint8Array) {
      for (const byte of bytes) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LINE_FEED && !quoted) records += 1;
      }
    },
    records: () => records,
  };
}

/**
 * Downloads the whole CSV export once (every idea the user sees) while sampling the server's
 * resident memory every few milliseconds.
 */
async function measureExport(session: Session, serverPid: number): Promise<ExportFigures> {
  const before = residentMb(serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    const now = residentMb(serverPid);
    if (now !== null && peak !== null) peak = Math.max(peak, now);
  }, SAMPLE_EVERY_MS);
  try {
    const started = performance.now();
    const response = await fetch(session.baseUrl + EXPORT_PATH, { headers: session.headers });
    if (!response.ok || !response.body) throw new Error(`CSV export: ${response.status}`);
    const counter = recordCounter();
    for await (const chunk of response.body) counter.add(chunk);
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds,
      rssGrowthMb: before === null || peak === null ? null : peak - before,
      rows: counter.records() - 1,
    };
  } finally {
    clearInterval(sampler);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/**
 * Several full exports, each refused unless every idea arrived: the median time, and the
 * largest memory growth of any.
 */
export async function measureExports(
  session: Session,
  serverPid: number,
  runs: number,
  ideas: number,
): Promise<ExportFigures> {
  const all: ExportFigures[] = [];
  for (let run = 0; run < runs; run++) {
    const figures = await measureExport(session, serverPid);
    if (figures.rows !== ideas) {
      throw new Error(`CSV export: ${figures.rows} rows of the ${ideas} ideas seeded`);
    }
    all.push(figures);
  }
  const growths = all.map((f) => f.rssGrowthMb);
  return {
    seconds: median(all.map((f) => f.seconds)),
    rssGrowthMb: growths.every((mb) => mb !== null) ? Math.max(...growths) : null,
    rows: Math.min(...all.map((f) => f.rows)),
  };
}
