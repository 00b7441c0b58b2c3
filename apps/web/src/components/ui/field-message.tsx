import { cn } from '@/lib/utils';

interface FieldMessageProps {
  id: string;
  messages?: string[] | null;
  className?: string;
}

/** A field's error messages, announced and tied to the control by aria-describedby. */
export function FieldMessage({ id, messages, className }: FieldMessageProps) {
  if (!messages?.length) return null;
  return (
    <p id={id} role="alert" className={cn('text-sm text-destructive', className)}>
      {messages.join(' ')}
    </p>
  );
}
