import { useState } from 'react';
import { useStackedIdeas } from '../api/list-stacked-ideas';
import type { Idea } from '../api/types';

/** The id of a stacked idea's row, which its original's toggle controls. */
export function stackedRowId(ideaId: number) {
  return `stacked-idea-${ideaId}`;
}

/** The id of an original's '+N similar' toggle. */
export function stackToggleId(ideaId: number) {
  return `stack-toggle-${ideaId}`;
}

export interface IdeaStacks {
  isOpen: (originalId: number) => boolean;
  toggle: (originalId: number) => void;
  /** The ideas stacked under an open original once loaded; null when closed or loading. */
  stackOf: (original: Idea) => Idea[] | null;
}

/** Which originals of a brainstorm's list show their near-duplicates, loaded when first opened. */
export function useIdeaStacks(brainstormId: number): IdeaStacks {
  const [open, setOpen] = useState<number[]>([]);
  const stacks = useStackedIdeas(brainstormId, open);
  return {
    isOpen: (id) => open.includes(id),
    toggle: (id) => {
      setOpen((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
    },
    stackOf: (original) =>
      original.duplicates_count > 0 ? (stacks.get(original.id) ?? null) : null,
  };
}
