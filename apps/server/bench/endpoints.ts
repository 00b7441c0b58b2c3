import type { LoadFigures } from './load.js';
import type { DatabaseKind } from './throwaway-database.js';

export interface EndpointFigures extends LoadFigures {
  ceiling: LoadFigures;
  /** The endpoint's requests per second over its ceiling's. */
  ratio: number;
  /** The SQL ceiling (sql-ceiling-server.ts), on PostgreSQL for the endpoints it covers. */
  sqlCeiling: LoadFigures | null;
  /** The endpoint's requests per second over its SQL ceiling's. */
  sqlRatio: number | null;
  /** The size of the answer both send. */
  bodyBytes: number;
}

export interface Target {
  text: string;
  met: (figures: EndpointFigures) => boolean;
}

export interface Endpoint {
  key: string;
  name: string;
  method: 'GET' | 'POST';
  /** The address loaded; a pattern for requests that differ (then `nextRequest` makes them). */
  path: string;
  nextRequest?: () => { path: string; body: string };
  targets: Partial<Record<DatabaseKind, Target>>;
}

/** What the endpoints are measured on, chosen from the seeded data. */
export interface Fixtures {
  brainstormId: number;
  /** Ideas the signed-in user has not reviewed: their votes are new rows, then changes. */
  voteIdeaIds: number[];
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

interface Shares {
  /** Of the SQL ceiling's requests per second. */
  sql?: number;
  /** Of the bare node:http ceiling's. */
  node?: number;
  maxP99Ms?: number;
}

function shareOfCeilings({ sql, node, maxP99Ms }: Shares): Target {
  const texts = [
    sql === undefined ? undefined : `≥ ${percent(sql)} of SQL ceiling`,
    node === undefined ? undefined : `≥ ${percent(node)} of node:http ceiling`,
    maxP99Ms === undefined ? undefined : `p99 ≤ ${maxP99Ms} ms`,
  ];
  return {
    text: texts.filter(Boolean).join(', '),
    met: (f) =>
      (sql === undefined || (f.sqlRatio ?? 0) >= sql) &&
      (node === undefined || f.ratio >= node) &&
      (maxP99Ms === undefined || f.p99Ms <= maxP99Ms),
  };
}

function perSecond(minimum: number): Target {
  return {
    text: `≥ ${minimum.toLocaleString('en')} req/s`,
    met: (f) => f.requestsPerSecond >= minimum,
  };
}

/**
 * No request waits behind a long queue: the slowest hundredth within `factor` times the median
 * (issue 26, for the embedded database, which runs one statement at a time).
 */
function evenLatency(factor: number): Target {
  return { text: `p99 ≤ ${factor} × p50`, met: (f) => f.p99Ms <= factor * f.p50Ms };
}

/** Met when every one of `targets` is. */
function allOf(...targets: Target[]): Target {
  return {
    text: targets.map((target) => target.text).join(', '),
    met: (f) => targets.every((target) => target.met(f)),
  };
}

/**
 * Votes spread over many ideas, each idea's vote going 1, -1, 1... from one pass over them to
 * the next, so that every request writes.
 */
function voteRequests(ideaIds: number[]) {
  let sent = 0;
  return () => {
    const id = ideaIds[sent % ideaIds.length] ?? 0;
    const vote = Math.floor(sent / ideaIds.length) % 2 === 0 ? 1 : -1;
    sent += 1;
    return { path: `/api/ideas/${id}/annotate/`, body: JSON.stringify({ vote }) };
  };
}

/** The endpoints measured, in order, with the targets for each database. */
export function endpoints({ brainstormId, voteIdeaIds }: Fixtures): Endpoint[] {
  const even = evenLatency(10);
  const otherRead = { postgres: shareOfCeilings({ sql: 0.7 }), pglite: even };
  return [
    {
      key: 'review-table',
      name: 'review table, 50 ideas with annotations',
      method: 'GET',
      path: `/api/ideas/?brainstorm=${brainstormId}&with_annotations=true&page_size=50`,
      targets: {
        postgres: shareOfCeilings({ sql: 0.7, node: 0.2, maxP99Ms: 50 }),
        pglite: allOf(shareOfCeilings({ node: 0.15 }), even),
      },
    },
    {
      key: 'unreviewed',
      name: 'unreviewed ideas of a brainstorm',
      method: 'GET',
      path: `/api/ideas/unreviewed/?brainstorm=${brainstormId}`,
      targets: otherRead,
    },
    {
      key: 'reviewed',
      name: 'ideas reviewed by anyone',
      method: 'GET',
      path: `/api/ideas/reviewed/?brainstorm=${brainstormId}&user_filter=any`,
      targets: otherRead,
    },
    {
      key: 'brainstorms',
      name: 'brainstorm list, 50 a page',
      method: 'GET',
      path: '/api/brainstorms/?page_size=50',
      targets: otherRead,
    },
    {
      key: 'insights',
      name: 'model insights over every idea',
      method: 'GET',
      path: '/api/insights/models/',
      // One statement over the whole table (100,000 ideas and their annotations): a report, not
      // a list, so its target is a rate rather than a share of the bare server's.
      targets: { postgres: perSecond(5), pglite: allOf(perSecond(2), even) },
    },
    {
      key: 'insights-brainstorm',
      name: 'model insights of one brainstorm',
      method: 'GET',
      path: `/api/insights/models/?brainstorm=${brainstormId}`,
      targets: { postgres: shareOfCeilings({ node: 0.2 }), pglite: even },
    },
    {
      key: 'vote',
      name: 'vote',
      method: 'POST',
      path: '/api/ideas/{id}/annotate/',
      nextRequest: voteRequests(voteIdeaIds),
      targets: { postgres: perSecond(2000), pglite: even },
    },
  ];
}
