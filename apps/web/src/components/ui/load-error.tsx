import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  /** True while the new attempt runs: the button waits for it. */
  retrying?: boolean;
  className?: string;
}

/** A failed load: the spec's message, and a way to try again without reloading the page. */
export function LoadError({ message, onRetry, retrying = false, className }: LoadErrorProps) {
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-2', className)}>
      <p role="alert" className="text-sm text-destructive">
        {message}
      </p>
      <Button variant="outline" size="sm" disabled={retrying} onClick={onRetry}>
        <RotateCw className={cn(retrying && 'animate-spin')} aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
