import type { Analysis, AnalysisPlan } from '../api/types';

const number = new Intl.NumberFormat('en-US');

function plural(count: number, one: string, many: string) {
  return `${number.format(count)} ${count === 1 ? one : many}`;
}

/**
 * What a run will cost at most, in the words shown before it starts: 'Up to 7 calls, at most
 * 41,200 tokens', with the rounds of a ranking, or that keyword themes make no calls at all.
 */
export function planText(plan: AnalysisPlan) {
  if (plan.method === 'keywords') return 'No model calls: grouped by shared words';
  const rounds = plan.rounds === null ? '' : ` in ${plural(plan.rounds, 'round', 'rounds')}`;
  return `Up to ${plural(plan.calls, 'call', 'calls')}${rounds}, at most ${plural(plan.max_tokens, 'token', 'tokens')}`;
}

/** A run's progress: 'Queued', 'Running: 3 of 7 calls', or how it ended. */
export function progressText({
  status,
  calls_made: made,
  calls_planned: planned,
  method,
}: Pick<Analysis, 'status' | 'calls_made' | 'calls_planned' | 'method'>) {
  const keywords = method === 'keywords';
  switch (status) {
    case 'queued':
      return 'Queued: waiting for a worker';
    case 'running':
      return keywords
        ? 'Running: grouping by shared words'
        : `Running: ${number.format(made)} of ${plural(planned, 'call', 'calls')}`;
    case 'done':
      return keywords
        ? 'Done: grouped by shared words'
        : `Done: ${plural(made, 'call', 'calls')} made`;
    case 'failed':
      return 'Failed';
  }
}
