import type { components } from '@/lib/api/schema';

export type LlmProvider = components['schemas']['LlmProvider'];
/** What a provider can do; an action is offered only with providers that can do it. */
export type LlmCapability = LlmProvider['capabilities'][number];
