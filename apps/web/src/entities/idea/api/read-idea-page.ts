import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import type { Idea } from './types';

type IdeaListQuery = NonNullable<paths['/api/ideas/']['get']['parameters']['query']>;

/** One page of `GET /api/ideas/`: its ideas, and how many match in all. */
export async function readIdeaPage(query: IdeaListQuery) {
  const { data, error, response } = await api.GET('/api/ideas/', { params: { query } });
  if (!data) throw new ApiError(response.status, error);
  // A CSV download or an unpaged array answer only other queries than this one.
  if (typeof data !== 'object' || !('results' in data)) throw new ApiError(response.status, data);
  return { count: data.count, results: data.results as Idea[] };
}
