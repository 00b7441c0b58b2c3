import type { components } from '@/lib/api/schema';

export type Generation = components['schemas']['Generation'];
export type GenerationRequest = components['schemas']['GenerationRequest'];
export type GenerationStatus = Generation['status'];
