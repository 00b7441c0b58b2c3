import { Link } from '@tanstack/react-router';
import { cn } from '@/lib/utils';

const PAGES = [
  { to: '/brainstorms/$brainstormId/themes', label: 'Themes' },
  { to: '/brainstorms/$brainstormId/matrix', label: 'Matrix' },
  { to: '/brainstorms/$brainstormId/ranking', label: 'Ranking' },
] as const;

/** The sense-making pages of a brainstorm, the current one marked. */
export function SenseNav({ brainstormId }: { brainstormId: number }) {
  return (
    <nav aria-label="Make sense" className="flex flex-wrap gap-1 rounded-lg bg-muted p-1 text-sm">
      {PAGES.map((page) => (
        <Link
          key={page.to}
          to={page.to}
          params={{ brainstormId }}
          className={cn(
            'rounded-md px-3 py-1.5 font-medium text-muted-foreground hover:text-foreground',
            'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-hidden',
          )}
          activeProps={{ className: 'bg-background text-foreground shadow-sm' }}
        >
          {page.label}
        </Link>
      ))}
    </nav>
  );
}
