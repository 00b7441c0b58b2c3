import type { components } from '@/lib/api/schema';

export type Project = components['schemas']['Project'];
