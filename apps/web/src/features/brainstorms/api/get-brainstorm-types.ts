import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { authStore } from '@/lib/auth/auth-store';
import { logWarning } from '@/lib/logger';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import type { BrainstormTypeOption } from './types';

const TYPES_PATH = '/api/brainstorms/types/';

export const DEFAULT_BRAINSTORM_TYPE = 'bad_idea_contest';

/** What the select offers when the server cannot tell us the types. */
export const FALLBACK_BRAINSTORM_TYPES: BrainstormTypeOption[] = [
  { value: DEFAULT_BRAINSTORM_TYPE, display_name: 'Bad Idea Contest', description: '' },
];

/** The server answers with a list; older deployments wrapped it in a page's `results`. */
function toOptions(body: unknown): BrainstormTypeOption[] {
  if (Array.isArray(body)) return body as BrainstormTypeOption[];
  if (body && typeof body === 'object' && 'results' in body && Array.isArray(body.results)) {
    return body.results as BrainstormTypeOption[];
  }
  throw new Error('Unexpected brainstorm types response');
}

async function fetchTypesDirectly() {
  const token = authStore.getState().accessToken;
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(new Request(TYPES_PATH, { headers, credentials: 'include' }));
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body);
  return toOptions(body);
}

export async function getBrainstormTypes() {
  try {
    const { data, error, response } = await api.GET(TYPES_PATH);
    if (!data) throw new ApiError(response.status, error);
    return toOptions(data);
  } catch (error) {
    logWarning('Loading brainstorm types failed; trying a direct request', error);
    return fetchTypesDirectly();
  }
}

export function brainstormTypesQueryOptions() {
  return queryOptions({
    queryKey: brainstormKeys.types(),
    queryFn: getBrainstormTypes,
    staleTime: Infinity,
    gcTime: Infinity,
    // The fetcher already makes a second attempt by another route.
    retry: false,
  });
}

export function useBrainstormTypes() {
  // When the route's loader already failed twice, mounting the form should not try twice more;
  // the next visit to the page loads again.
  return useQuery({ ...brainstormTypesQueryOptions(), retryOnMount: false });
}
