import type { components } from '@/lib/api/schema';

export type Idea = components['schemas']['Idea'];
export type IdeaAnnotation = components['schemas']['IdeaAnnotation'];
