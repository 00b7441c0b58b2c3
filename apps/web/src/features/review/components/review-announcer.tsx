import { useState } from 'react';

interface ReviewAnnouncerProps {
  /** What the keys last did. */
  message: string;
  /** No idea is listed: whatever was said was about a row that has gone. */
  silent: boolean;
}

/**
 * The polite live region for the keys. Once no idea is listed it empties, and the message it
 * held then stays unsaid when ideas are listed again: only something new is said.
 */
export function ReviewAnnouncer({ message, silent }: ReviewAnnouncerProps) {
  const [unsaid, setUnsaid] = useState('');
  // Kept until the keys say something else: then the same words may be said again later.
  const next = silent || message === unsaid ? message : '';
  if (next !== unsaid) setUnsaid(next);
  return (
    <p role="status" aria-live="polite" className="sr-only">
      {silent || message === unsaid ? '' : message}
    </p>
  );
}
