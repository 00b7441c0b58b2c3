/** The few API calls the HTTP benchmark makes itself, as a signed-in seeded user. */
export interface Session {
  baseUrl: string;
  headers: Record<string, string>;
}

export interface Answer {
  body: unknown;
  contentType: string;
}

async function send(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const response = await fetch(baseUrl + path, { method, headers, body: body ?? null });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { body: JSON.parse(text), contentType: response.headers.get('content-type') ?? '' };
}

export const JSON_CONTENT: Record<string, string> = { 'content-type': 'application/json' };

/** Signs in over HTTP; the access token lasts five minutes, so each measurement signs in anew. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<Session> {
  const credentials = JSON.stringify({ email, password });
  const { body } = await send(baseUrl, 'POST', '/api/auth/token/', JSON_CONTENT, credentials);
  const { access } = body as { access: string };
  return { baseUrl, headers: { authorization: `Bearer ${access}` } };
}

export const get = (session: Session, path: string) =>
  send(session.baseUrl, 'GET', path, session.headers);

export const post = (session: Session, path: string, body: string) =>
  send(session.baseUrl, 'POST', path, { ...session.headers, ...JSON_CONTENT }, body);

/** The body of a list page, as far as the benchmark reads it. */
export interface Page<T> {
  count: number;
  filteredCount?: number;
  next: string | null;
  results: T[];
}

export async function getPage<T>(session: Session, path: string): Promise<Page<T>> {
  return (await get(session, path)).body as Page<T>;
}
