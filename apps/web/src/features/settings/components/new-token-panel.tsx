import { useEffect, useRef } from 'react';
import { SecretField } from '@/components/ui/secret-field';
import type { NewToken } from '../api/create-token';

/** An MCP client's settings for this server, with the token as its bearer credential. */
export function mcpClientConfig(origin: string, token: string) {
  const server = {
    type: 'http',
    url: `${origin}/api/mcp/`,
    headers: { Authorization: `Bearer ${token}` },
  };
  return JSON.stringify({ mcpServers: { ideaforge: server } }, null, 2);
}

/**
 * The token just created, shown this once: the server keeps only its hash. Focus comes here so
 * that a screen reader announces it; keyed by the token, so a new one starts afresh.
 */
export function NewTokenPanel({ token, onDone }: { token: NewToken; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [token]);

  return (
    <div
      role="region"
      aria-labelledby="new-token-heading"
      className="grid gap-3 rounded-md border border-primary/40 bg-muted/40 p-4"
    >
      <h3 id="new-token-heading" ref={heading} tabIndex={-1} className="font-semibold">
        Your new token {token.name}
      </h3>
      <p className="text-sm text-muted-foreground">
        Copy it now: it will not be shown again. Ideaforge keeps only a hash of it.
      </p>
      <SecretField
        id="new-token-value"
        label="Token"
        value={token.token}
        noun="token"
        onDone={onDone}
        className="min-w-0 flex-1 basis-60"
      />
      <h4 className="text-sm font-medium">Connect an MCP client</h4>
      <p className="text-sm text-muted-foreground">
        Its settings for Ideaforge, with this token (the file and its place depend on the client):
      </p>
      <pre
        // Focusable, so that a keyboard can scroll it sideways.
        tabIndex={0}
        className="overflow-x-auto rounded-md bg-background p-3 font-mono text-xs"
      >
        {mcpClientConfig(window.location.origin, token.token)}
      </pre>
    </div>
  );
}
