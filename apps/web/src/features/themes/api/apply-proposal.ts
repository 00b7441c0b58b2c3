import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useThemeMutation } from './theme-mutation';

/** Makes a proposal's themes the brainstorm's, replacing those it had. */
export async function applyProposal(analysisId: number) {
  const { data, error, response } = await api.POST('/api/analyses/{id}/apply/', {
    params: { path: { id: analysisId } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useApplyProposal() {
  return useThemeMutation('apply', applyProposal);
}
