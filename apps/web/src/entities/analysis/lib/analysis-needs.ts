import type { LlmCapability, LlmProvider } from '@/entities/llm-provider/api/types';
import type { AnalysisKind } from '../api/types';

/** The capability each kind of run needs from a provider, and what it does, in words. */
const NEEDS: Record<AnalysisKind, { capability: LlmCapability; doing: string }> = {
  themes: { capability: 'cluster', doing: 'find themes' },
  assess: { capability: 'assess', doing: 'assess ideas' },
  rank: { capability: 'rank', doing: 'rank ideas' },
  combine: { capability: 'combine', doing: 'combine ideas' },
  repeats: { capability: 'judge', doing: 'find repeats' },
};

/** The providers that can run this kind: the only ones offered for it. */
export function capableProviders(providers: readonly LlmProvider[], kind: AnalysisKind) {
  return providers.filter((provider) => provider.capabilities.includes(NEEDS[kind].capability));
}

/** Why a kind cannot be started when no provider can run it; who can change that follows. */
export function noProviderText(kind: AnalysisKind) {
  return `No configured provider can ${NEEDS[kind].doing}.`;
}
