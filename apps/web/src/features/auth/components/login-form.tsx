import { Loader2 } from 'lucide-react';
import type { SubmitEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import type { Credentials } from '@/lib/auth/create-auth';

interface LoginFormProps {
  onSubmit: (credentials: Credentials) => Promise<unknown>;
  pending: boolean;
  /** Why the last attempt failed, or null. */
  failure: string | null;
}

function textField(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export function LoginForm({ onSubmit, pending, failure }: LoginFormProps) {
  const handleSubmit = useGuardedSubmit((event: SubmitEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    return onSubmit({ email: textField(form, 'email'), password: textField(form, 'password') });
  });

  return (
    <form onSubmit={handleSubmit} className="grid gap-5">
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          placeholder="you@example.com"
          required
          disabled={pending}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          disabled={pending}
        />
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {pending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
