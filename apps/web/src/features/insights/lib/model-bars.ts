import type { ModelInsight } from '../api/types';

export interface ModelBar {
  label: string;
  /** Dollars per kept idea, or the share of ideas kept (0–1): whichever the chart shows. */
  value: number;
}

export interface ModelBars {
  metric: 'cost_per_kept' | 'kept_share';
  bars: ModelBar[];
}

interface ModelSum {
  label: string;
  ideas: number;
  /** Null when some of its ideas are not counted (withheld, or under blind review). */
  kept: number | null;
  cost: number | null;
}

/** Whether a row's kept counts every one of its ideas. */
const keptInFull = (row: ModelInsight) => row.kept !== null && row.unreviewed_blind === 0;

/** The rows summed per provider and model, over their techniques. */
function perModel(rows: readonly ModelInsight[]): ModelSum[] {
  const models = new Map<string, ModelSum>();
  for (const row of rows) {
    const label = `${row.model ?? 'unknown'} (${row.provider_name})`;
    const sum = models.get(label) ?? { label, ideas: 0, kept: 0, cost: 0 };
    sum.ideas += row.ideas;
    sum.kept = sum.kept === null || !keptInFull(row) ? null : sum.kept + (row.kept ?? 0);
    sum.cost = sum.cost === null || row.cost === null ? null : sum.cost + row.cost;
    models.set(label, sum);
  }
  return [...models.values()];
}

/**
 * The chart's bars: cost per kept idea for the models that have one, when any costs more than
 * nothing; otherwise (free or unpriced models only) the share of their ideas the team kept. A
 * model whose kept ideas are not all counted has neither.
 */
export function modelBars(rows: readonly ModelInsight[]): ModelBars {
  const models = perModel(rows);
  const costed = models.flatMap((m) =>
    m.cost === null || m.kept === null || m.kept === 0
      ? []
      : [{ label: m.label, value: m.cost / m.kept }],
  );
  if (costed.some((bar) => bar.value > 0)) {
    return { metric: 'cost_per_kept', bars: costed.sort((a, b) => a.value - b.value) };
  }
  const shares = models
    .flatMap((m) =>
      m.ideas === 0 || m.kept === null ? [] : [{ label: m.label, value: m.kept / m.ideas }],
    )
    .sort((a, b) => b.value - a.value);
  return { metric: 'kept_share', bars: shares };
}
