import type { components, paths } from '@/lib/api/schema';

export type Brainstorm = components['schemas']['Brainstorm'];
export type BrainstormTypeOption = components['schemas']['BrainstormTypeOption'];
export type CreateBrainstormInput =
  paths['/api/brainstorms/']['post']['requestBody']['content']['application/json'];
export type BrainstormTypeValue = NonNullable<CreateBrainstormInput['type']>;
