import type { ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

export function RouteError({ error }: ErrorComponentProps) {
  const [showError, setShowError] = useState(false);
  return (
    <div role="alert" className="flex flex-col items-start gap-3 p-6">
      <p className="font-semibold">Something went wrong!</p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setShowError((shown) => !shown);
        }}
      >
        {showError ? 'Hide Error' : 'Show Error'}
      </Button>
      {showError ? (
        <pre className="max-w-full overflow-auto rounded-md border bg-muted p-3 text-sm whitespace-pre-wrap text-destructive">
          {error instanceof Error ? error.message : String(error)}
        </pre>
      ) : null}
    </div>
  );
}
