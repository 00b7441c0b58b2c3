import autocannon from 'autocannon';

export const CONNECTIONS = 10;
const TIMEOUT_SECONDS = 60;

/**
 * How long a load lasts: a time, or a number of requests. Smoke runs, whose figures mean
 * nothing, count requests: however slow a busy machine is, they end with figures above zero.
 */
export type LoadLength = { seconds: number } | { requests: number };

export interface Timing {
  warmup?: LoadLength | undefined;
  measured: LoadLength;
}

/** What is loaded: one address, or, for requests that differ, the next path and body each time. */
export interface LoadTarget {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  nextRequest?: () => { path: string; body: string };
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

/**
 * Refuses a run with a failed request, or none completed: its figure would measure the failure,
 * not the work.
 */
function assertNoFailures(target: LoadTarget, result: autocannon.Result) {
  if (result.requests.total === 0) {
    throw new Error(`${target.method} ${target.url}: no request completed in ${result.duration} s`);
  }
  if (result.non2xx === 0 && result.errors === 0) return;
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}: ${count ?? 0}`)
    .join(', ');
  throw new Error(
    `${target.method} ${target.url}: ${result.non2xx} answers not 2xx and ${result.errors} ` +
      `errors (${result.timeouts} timeouts) in ${result.requests.sent} requests (${statuses})`,
  );
}

async function run(target: LoadTarget, length: LoadLength): Promise<autocannon.Result> {
  const { nextRequest } = target;
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    connections: CONNECTIONS,
    // A slow answer is measured (p99 shows it), not counted as failed after autocannon's 10 s.
    timeout: TIMEOUT_SECONDS,
    // autocannon notices the end of a run at its next sample: every 100 ms rather than 1 s.
    sampleInt: 100,
    ...('seconds' in length ? { duration: length.seconds } : { amount: length.requests }),
    ...(nextRequest && {
      requests: [{ setupRequest: (request) => ({ ...request, ...nextRequest() }) }],
    }),
  });
  assertNoFailures(target, result);
  return result;
}

/**
 * Loads the target with autocannon for the warm-up, then measures it: requests completed per
 * second, and the latency percentiles.
 */
export async function measureLoad(target: LoadTarget, timing: Timing): Promise<LoadFigures> {
  if (timing.warmup) await run(target, timing.warmup);
  const result = await run(target, timing.measured);
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}
