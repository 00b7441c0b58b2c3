import { useEffect, useRef } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SecretField } from '@/components/ui/secret-field';
import type { MemberWithPassword } from '../api/types';

export interface OneTimeSecret extends MemberWithPassword {
  reason: 'added' | 'reset';
}

interface OneTimePasswordPanelProps {
  secret: OneTimeSecret;
  onDone: () => void;
}

/**
 * The password just set, shown this once: the server keeps only its hash. Focus comes here so
 * that a screen reader announces it. Keyed by the password, so a new one starts afresh.
 */
export function OneTimePasswordPanel({ secret, onDone }: OneTimePasswordPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { member, password, reason } = secret;

  useEffect(() => {
    heading.current?.focus();
  }, [secret]);

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
          before you leave this page. At their first sign-in with it, they will be asked to choose a
          password of their own.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 px-4 sm:px-6">
        <SecretField
          id="one-time-password"
          label="One-time password"
          value={password}
          noun="password"
          onDone={onDone}
          className="max-w-xs"
        />
      </CardContent>
    </Card>
  );
}
