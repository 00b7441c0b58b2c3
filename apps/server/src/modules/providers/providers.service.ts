import { capabilitiesOf, type ProviderConfig } from './providers.config.js';
import type { LlmProviderDto } from './providers.schemas.js';

export function listProviders(providers: readonly ProviderConfig[]): LlmProviderDto[] {
  return providers.map((p) => ({
    provider: p.key,
    name: p.name,
    models: p.models,
    default_model: p.defaultModel,
    capabilities: capabilitiesOf(p),
  }));
}
