import { createFileRoute } from '@tanstack/react-router';
import { modelInsightsQueryOptions } from '@/features/insights/api/get-model-insights';
import { InsightsPage } from '@/features/insights/components/insights-page';
import { insightsSearchSchema } from '@/features/insights/lib/insight-filters';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/insights')({
  validateSearch: insightsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Started, not waited for: the page says 'Loading model insights...' and shows its own error.
  loader: ({ context, deps }) => {
    void context.queryClient.query(modelInsightsQueryOptions(deps)).catch(() => undefined);
  },
  head: () => titleHead('Insights'),
  component: InsightsRoute,
});

function InsightsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InsightsPage
      filters={search}
      onFiltersChange={(filters) => {
        void navigate({ search: filters });
      }}
    />
  );
}
