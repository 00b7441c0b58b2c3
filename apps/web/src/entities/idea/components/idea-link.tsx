import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface IdeaLinkProps {
  brainstormId: number;
  ideaId: number;
  children: ReactNode;
  className?: string;
}

/** A link to an idea's own page, where its text, theme, sources and model scores show. */
export function IdeaLink({ brainstormId, ideaId, children, className }: IdeaLinkProps) {
  return (
    <Link
      to="/brainstorms/$brainstormId/ideas/$ideaId"
      params={{ brainstormId, ideaId }}
      className={cn(
        'font-medium break-words underline decoration-muted-foreground/60 underline-offset-4 hover:decoration-current',
        className,
      )}
    >
      {children}
    </Link>
  );
}
