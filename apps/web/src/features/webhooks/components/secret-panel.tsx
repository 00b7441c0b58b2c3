import { Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { WebhookWithSecret } from '../api/types';

interface SecretPanelProps {
  webhook: WebhookWithSecret;
  reason: 'created' | 'rotated';
  onDone: () => void;
}

const copyNotes = {
  idle: '',
  copied: 'Copied to the clipboard.',
  failed: 'The browser refused to copy: the secret is selected, copy it with Ctrl+C or ⌘C.',
};

/**
 * A webhook's signing secret, shown this once (the lists never carry it). Focus comes here so
 * that a screen reader announces it. Keyed by the secret, so a new one starts afresh.
 */
export function SecretPanel({ webhook, reason, onDone }: SecretPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<keyof typeof copyNotes>('idle');
  const name = webhook.name || webhook.url;

  useEffect(() => {
    heading.current?.focus();
  }, [webhook]);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.secret);
      setCopy('copied');
    } catch {
      field.current?.select();
      setCopy('failed');
    }
  };

  return (
    <Card role="region" aria-labelledby="webhook-secret-heading">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 id="webhook-secret-heading" ref={heading} tabIndex={-1} className="text-lg">
            {reason === 'created' ? `${name} was added` : `New secret for ${name}`}
          </h2>
        </CardTitle>
        <CardDescription>
          The receiver checks each request&apos;s signature with this secret. It is shown only now:
          copy it before you leave this page.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 px-4 sm:px-6">
        <Label htmlFor="webhook-secret">Signing secret</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="webhook-secret"
            ref={field}
            readOnly
            value={webhook.secret}
            className="max-w-md font-mono"
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
      </CardContent>
    </Card>
  );
}
