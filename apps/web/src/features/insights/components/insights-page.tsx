import { ChartColumn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportButton } from '@/components/ui/export-csv-button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useExportModelInsights } from '../api/export-model-insights';
import { useModelInsights } from '../api/get-model-insights';
import type { ModelInsights } from '../api/types';
import { formatCount } from '../lib/format-cost';
import type { InsightsFilters as Filters } from '../lib/insight-filters';
import { modelBars } from '../lib/model-bars';
import { InsightsFilters } from './insights-filters';
import { ModelInsightsTable } from './model-insights-table';
import { PricesDisclosure } from './prices-disclosure';

// The charting library loads with the chart, on this page only.
const ModelBarsChart = lazy(() =>
  import('./model-bars-chart').then((module) => ({ default: module.ModelBarsChart })),
);

const KEPT_MEANS =
  'An idea is kept when anyone up-voted, bookmarked or pinned it; bookmarks and hidden flags ' +
  'are only ever counted over a group of ideas, never shown per idea or per person.';

/**
 * Why some reviews are not counted: too few ideas to count private flags over, and ideas under
 * blind review the reader has not reviewed yet.
 */
function UncountedNotes({ data }: { data: ModelInsights }) {
  const { withheld_ideas: withheld, unreviewed_blind: unreviewed } = data.totals;
  const min = data.min_group_ideas;
  const ideas = (n: number) => (n === 1 ? '1 idea' : `${formatCount(n)} ideas`);
  return (
    <>
      {withheld > 0 ? (
        <p className="text-xs text-muted-foreground">
          {`Fewer than ${String(min)} ideas: private counts withheld. A row's kept, hidden ` +
            `and down-voted are only counted over ${String(min)} ideas or more, so that ` +
            "nobody's bookmark, hidden flag or vote can be told; the totals leave out " +
            `${ideas(withheld)}.`}
        </p>
      ) : null}
      {unreviewed > 0 ? (
        <p className="text-xs text-muted-foreground">
          {`${ideas(unreviewed)} under blind review that you have not reviewed yet ` +
            `${unreviewed === 1 ? 'is' : 'are'} left out of kept, hidden and down-voted.`}
        </p>
      ) : null}
    </>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center">
      <ChartColumn className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">No generated ideas yet</p>
      <p className="text-sm text-muted-foreground">
        Generate ideas in a brainstorm, review them, and see here which model earns its cost.
      </p>
    </div>
  );
}

function Chart({ data }: { data: ModelInsights }) {
  const chart = modelBars(data.rows);
  if (chart.bars.length === 0) return null;
  const caption =
    chart.metric === 'cost_per_kept'
      ? 'What one kept idea cost, per model (lower is better); models without a price or a kept idea, or whose kept ideas are not all counted, are left out.'
      : 'The share of its ideas the team kept, per model: no model here has cost anything; models whose kept ideas are not all counted are left out.';
  return (
    <Card className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle role="heading" aria-level={2}>
          {chart.metric === 'cost_per_kept' ? 'Cost per kept idea' : 'Ideas kept'}
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <figure aria-labelledby="insights-chart-caption" className="grid gap-2">
          <div aria-hidden="true" className="min-w-0">
            <Suspense fallback={<Skeleton className="h-40 w-full" />}>
              <ModelBarsChart {...chart} />
            </Suspense>
          </div>
          <figcaption id="insights-chart-caption" className="text-xs text-muted-foreground">
            {caption} The table above holds the same figures.
          </figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}

interface InsightsPageProps {
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
}

/** Which model earns its cost: per provider, model and technique, the ideas kept and their cost. */
export function InsightsPage({ filters, onFiltersChange }: InsightsPageProps) {
  const insights = useModelInsights(filters);
  const exporting = useExportModelInsights(filters);
  const data = insights.data;

  let body;
  if (insights.isError)
    body = (
      <LoadError
        message="Error loading model insights. Please try again later."
        retrying={insights.isFetching}
        onRetry={() => void insights.refetch()}
      />
    );
  else if (!data)
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading model insights...
      </p>
    );
  else if (data.rows.length === 0) body = <EmptyState />;
  else
    body = (
      <>
        <ModelInsightsTable rows={data.rows} totals={data.totals} />
        {data.totals.unpriced_tokens > 0 ? (
          <p className="text-xs text-muted-foreground">
            {formatCount(data.totals.unpriced_tokens)} tokens of models without a price are left out
            of the total cost.
          </p>
        ) : null}
        <UncountedNotes data={data} />
      </>
    );

  return (
    <>
      <PageHeader
        title="Model insights"
        description={KEPT_MEANS}
        actions={<ExportButton exporting={exporting} format="CSV" label="Download CSV" />}
      />
      <Card className="min-w-0 gap-4">
        <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
          <InsightsFilters filters={filters} onChange={onFiltersChange} />
          <div aria-busy={insights.isFetching} className="grid min-w-0 gap-2">
            {body}
          </div>
        </CardContent>
      </Card>
      {data && data.rows.length > 0 && !insights.isError ? <Chart data={data} /> : null}
      {data ? <PricesDisclosure prices={data.prices} /> : null}
    </>
  );
}
