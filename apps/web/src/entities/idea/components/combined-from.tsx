import { useQueries } from '@tanstack/react-query';
import { ideaQueryOptions } from '../api/get-idea';
import type { Idea } from '../api/types';

interface CombinedFromProps {
  idea: Pick<Idea, 'combined_from'>;
  /** The ideas already at hand: their titles are not read again. */
  listed?: readonly Pick<Idea, 'id' | 'title'>[];
}

/**
 * 'Combined from: “A”, “B”' for an idea a 'Combine' wrote; nothing for any other. A source
 * that is gone (deleted since) is left out.
 */
export function CombinedFrom({ idea, listed = [] }: CombinedFromProps) {
  const sources = idea.combined_from ?? [];
  const missing = sources.filter((id) => !listed.some((other) => other.id === id));
  const fetched = useQueries({
    queries: missing.map((id) => ({ ...ideaQueryOptions(id), retry: false })),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });
  if (sources.length === 0) return null;
  const titles = sources.flatMap((id) => {
    const found =
      listed.find((other) => other.id === id) ?? fetched.find((other) => other.id === id);
    return found ? [`“${found.title}”`] : [];
  });
  return (
    <p className="text-xs font-normal text-muted-foreground">
      Combined from: {titles.length > 0 ? titles.join(', ') : `${String(sources.length)} ideas`}
    </p>
  );
}
