import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useInAppShell } from './app-shell-context';

/** What a route shows while it loads: in the shell's page area, or centred on a bare page. */
export function RoutePending() {
  const inShell = useInAppShell();
  return (
    <div className={cn(!inShell && 'flex min-h-svh items-center justify-center p-6')}>
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Loading...
      </p>
    </div>
  );
}
