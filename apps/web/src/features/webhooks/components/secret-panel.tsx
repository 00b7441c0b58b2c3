import { useEffect, useRef } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SecretField } from '@/components/ui/secret-field';
import type { WebhookWithSecret } from '../api/types';

interface SecretPanelProps {
  webhook: WebhookWithSecret;
  reason: 'created' | 'rotated';
  onDone: () => void;
}

/**
 * A webhook's signing secret, shown this once (the lists never carry it). Focus comes here so
 * that a screen reader announces it. Keyed by the secret, so a new one starts afresh.
 */
export function SecretPanel({ webhook, reason, onDone }: SecretPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const name = webhook.name || webhook.url;

  useEffect(() => {
    heading.current?.focus();
  }, [webhook]);

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
        <SecretField
          id="webhook-secret"
          label="Signing secret"
          value={webhook.secret}
          noun="secret"
          onDone={onDone}
          className="max-w-md"
        />
      </CardContent>
    </Card>
  );
}
