import type { Theme } from '@/entities/theme/api/types';
import { requestJson } from '@/lib/api/request-json';
import { useThemeMutation } from './theme-mutation';

/** Makes a proposal's themes the brainstorm's, replacing those it had. */
export function applyProposal(analysisId: number) {
  return requestJson<Theme[]>('POST', `/api/analyses/${String(analysisId)}/apply/`);
}

export function useApplyProposal() {
  return useThemeMutation('apply', applyProposal);
}
