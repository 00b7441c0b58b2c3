import { CircleDollarSign } from 'lucide-react';
import { useSpend } from '../api/get-spend';
import type { Usage } from '../api/types';
import { formatCost, formatTokens } from '../lib/format-spend';
import { BudgetBar } from './budget-bar';
import { DashboardCard } from './dashboard-card';
import { SpendByModel } from './spend-by-model';

function UsageFigures({ label, usage }: { label: string; usage: Usage }) {
  const total = usage.input_tokens + usage.output_tokens;
  return (
    <div className="grid grid-cols-1 gap-0.5 rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold">
        {usage.cost === null ? 'not priced' : formatCost(usage.cost)}
      </dd>
      <dd className="text-xs text-muted-foreground">{formatTokens(total)} tokens</dd>
      {usage.unpriced_tokens > 0 && usage.cost !== null ? (
        <dd className="text-xs text-muted-foreground">
          {formatTokens(usage.unpriced_tokens)} not priced
        </dd>
      ) : null}
    </div>
  );
}

/** This month's tokens and cost, the caller's and the team's, and today's use of the budgets. */
export function SpendCard() {
  const query = useSpend();
  return (
    <DashboardCard
      title="Spend this month"
      icon={CircleDollarSign}
      query={query}
      errorMessage="Error loading spend."
      isEmpty={() => false}
      empty={null}
    >
      {(spend) => (
        <div className="grid grid-cols-1 gap-4">
          <dl className="grid grid-cols-2 gap-2">
            <UsageFigures label="You" usage={spend.me} />
            <UsageFigures label="Team" usage={spend.team} />
          </dl>
          <div className="grid grid-cols-1 gap-3">
            <BudgetBar
              label="Your use today"
              used={spend.today.me_tokens}
              budget={spend.today.daily_tokens_per_user}
            />
            <BudgetBar
              label="Team use today"
              used={spend.today.team_tokens}
              budget={spend.today.daily_tokens_total}
            />
          </div>
          <SpendByModel models={spend.by_model} />
        </div>
      )}
    </DashboardCard>
  );
}
