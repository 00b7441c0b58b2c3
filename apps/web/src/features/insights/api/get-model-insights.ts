import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { insightsQuery, type InsightsFilters } from '../lib/insight-filters';
import { insightsKeys } from './insights-keys';

/** Per provider, model and technique: the ideas kept, hidden and failed, tokens and cost. */
export async function getModelInsights(filters: InsightsFilters) {
  const { data, error, response } = await api.GET('/api/insights/models/', {
    params: { query: insightsQuery(filters) },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function modelInsightsQueryOptions(filters: InsightsFilters) {
  return queryOptions({
    queryKey: [...insightsKeys.models(), insightsQuery(filters)],
    queryFn: () => getModelInsights(filters),
    placeholderData: keepPreviousData,
  });
}

export function useModelInsights(filters: InsightsFilters) {
  return useQuery(modelInsightsQueryOptions(filters));
}
