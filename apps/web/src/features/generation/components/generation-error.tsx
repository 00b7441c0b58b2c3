import { ApiError } from '@/lib/api/api-error';

/** What the server said about a refused request: its `detail`, or a 400's field messages. */
export function serverMessage(error: unknown) {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const body = error.body as Record<string, unknown>;
  if (typeof body.detail === 'string') return body.detail;
  if (error.status !== 400) return null;
  const messages = Object.values(body).flatMap((value: unknown) =>
    Array.isArray(value) ? value.map(String) : [],
  );
  return messages.length > 0 ? messages.join(' ') : null;
}

/** The spec's red line, with the server's reason beneath it when it gave one. */
export function GenerationError({ error }: { error: unknown }) {
  const detail = serverMessage(error);
  return (
    <div role="alert" className="grid gap-1">
      <p className="text-sm text-destructive">Failed to generate ideas. Please try again.</p>
      {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
    </div>
  );
}
