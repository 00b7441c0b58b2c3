import { ApiError } from '@/lib/api/api-error';

/** The server's reason for refusing (a budget or a limit, say), when it gave one. */
function reason(error: unknown) {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const body = error.body as Record<string, unknown>;
  if (typeof body.detail === 'string') return body.detail;
  const messages = Object.values(body).flatMap((value: unknown) =>
    Array.isArray(value) ? value.map(String) : [],
  );
  return messages.length > 0 ? messages.join(' ') : null;
}

interface AskForMoreStatusProps {
  message: string | null;
  error: unknown;
}

/** 'Generating 5 more like “…”…' while it runs; a refusal as the generation controls show one. */
export function AskForMoreStatus({ message, error }: AskForMoreStatusProps) {
  const detail = error ? reason(error) : null;
  return (
    <>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {message}
      </p>
      {error ? (
        <div role="alert" className="grid gap-1">
          <p className="text-sm text-destructive">Failed to generate ideas. Please try again.</p>
          {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
        </div>
      ) : null}
    </>
  );
}
