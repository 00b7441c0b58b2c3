import { useId } from 'react';
import type { Analysis } from '../api/types';
import { isFinished } from '../lib/analysis-status';
import { progressText } from '../lib/plan-text';

/**
 * A run's progress while it is queued or running ('Running: 3 of 7 calls', with a bar), or
 * why it failed, in the server's words.
 */
export function AnalysisProgress({ analysis }: { analysis: Analysis }) {
  const labelId = useId();
  const text = progressText(analysis);
  if (analysis.status === 'failed') {
    return (
      <p role="alert" className="text-sm text-destructive">
        The run failed: {analysis.error ?? 'no reason was given.'}
      </p>
    );
  }
  const planned = Math.max(analysis.calls_planned, 1);
  const made = Math.min(analysis.calls_made, planned);
  return (
    <div className="grid gap-2">
      <p id={labelId} role="status" className="text-sm text-muted-foreground">
        {text}
      </p>
      {isFinished(analysis.status) ? null : (
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={planned}
          aria-valuenow={made}
          aria-valuetext={text}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-300"
            style={{ width: `${(made / planned) * 100}%` }}
          />
        </div>
      )}
    </div>
  );
}
