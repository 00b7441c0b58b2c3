import type { paths } from './schema';

type JsonBody<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type User = JsonBody<paths['/api/users/me/']['get']['responses'][200]>;

/** A token refresh's answer: a session, or `access: null` when the browser holds no cookie. */
export type RefreshAnswer = JsonBody<paths['/api/auth/token/refresh/']['post']['responses'][200]>;
