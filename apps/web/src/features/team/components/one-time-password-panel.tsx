import { Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { MemberWithPassword } from '../api/types';

export interface OneTimeSecret extends MemberWithPassword {
  reason: 'added' | 'reset';
}

interface OneTimePasswordPanelProps {
  secret: OneTimeSecret;
  onDone: () => void;
}

const copyNotes = {
  idle: '',
  copied: 'Copied to the clipboard.',
  failed: 'The browser refused to copy: the password is selected, copy it with Ctrl+C or ⌘C.',
};

/**
 * The password just set, shown this once: the server keeps only its hash. Focus comes here so
 * that a screen reader announces it. Keyed by the password, so a new one starts afresh.
 */
export function OneTimePasswordPanel({ secret, onDone }: OneTimePasswordPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<keyof typeof copyNotes>('idle');
  const { member, password, reason } = secret;

  useEffect(() => {
    heading.current?.focus();
  }, [secret]);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopy('copied');
    } catch {
      field.current?.select();
      setCopy('failed');
    }
  };

  return (
    <Card role="region" aria-labelledby="one-time-password-heading">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 id="one-time-password-heading" ref={heading} tabIndex={-1} className="text-lg">
            {reason === 'added' ? `${member.name} was added` : `New password for ${member.name}`}
          </h2>
        </CardTitle>
        <CardDescription>
          Give {member.email} this one-time password to sign in with. It is shown only now: copy it
          before you leave this page.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 px-4 sm:px-6">
        <Label htmlFor="one-time-password">One-time password</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="one-time-password"
            ref={field}
            readOnly
            value={password}
            className="max-w-xs font-mono"
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
