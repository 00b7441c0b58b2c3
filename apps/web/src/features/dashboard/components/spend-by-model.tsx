import type { Spend } from '../api/types';
import { formatCost, formatTokens } from '../lib/format-spend';

/** The team's tokens and cost this month, model by model. */
export function SpendByModel({ models }: { models: Spend['by_model'] }) {
  if (models.length === 0) return null;
  return (
    <div className="grid grid-cols-1 gap-1">
      <h3 className="text-xs font-medium text-muted-foreground">By model, team</h3>
      <ul className="grid grid-cols-1 gap-1 text-sm">
        {models.map((model) => (
          <li
            key={`${model.provider}:${model.model}`}
            className="flex min-w-0 items-baseline justify-between gap-3"
          >
            <span className="min-w-0 truncate">
              {model.provider_name} · {model.model}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground">
              {formatTokens(model.input_tokens + model.output_tokens)} tokens ·{' '}
              {model.cost === null ? 'not priced' : formatCost(model.cost)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
