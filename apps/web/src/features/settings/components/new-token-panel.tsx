import { Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { NewToken } from '../api/create-token';

const copyNotes = {
  idle: '',
  copied: 'Copied to the clipboard.',
  failed: 'The browser refused to copy: the token is selected, copy it with Ctrl+C or ⌘C.',
};

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
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<keyof typeof copyNotes>('idle');

  useEffect(() => {
    heading.current?.focus();
  }, [token]);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopy('copied');
    } catch {
      field.current?.select();
      setCopy('failed');
    }
  };

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
      <Label htmlFor="new-token-value">Token</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="new-token-value"
          ref={field}
          readOnly
          value={token.token}
          className="min-w-0 flex-1 basis-60 font-mono"
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
        <Button onClick={() => void onCopy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-muted-foreground">
        {copyNotes[copy]}
      </p>
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
