import type { paths } from './schema';

type JsonBody<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type User = JsonBody<paths['/api/users/me/']['get']['responses'][200]>;
