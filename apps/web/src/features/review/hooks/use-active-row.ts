import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Idea } from '@/entities/idea/api/types';
import { annotationOf } from '@/entities/idea/lib/annotation-cache';

interface Active {
  id: number | null;
  /** Handed on from an active row that left the list, rather than chosen by the reviewer. */
  handedOn: boolean;
}

/** Where a row sat on screen, and which rows were above it, in which list. */
interface Anchor {
  id: number;
  top: number;
  above: string;
  list: string;
}

function firstToReview(rows: Idea[]) {
  return (rows.find((idea) => annotationOf(idea) === null) ?? rows[0])?.id ?? null;
}

/** The row that takes the mark of one that left: the next one still listed, else the one before. */
function nextListed(before: Idea[], after: Idea[], id: number) {
  const listed = new Set(after.map((idea) => idea.id));
  const at = before.findIndex((idea) => idea.id === id);
  const next =
    before.slice(at + 1).find((idea) => listed.has(idea.id)) ??
    before
      .slice(0, Math.max(at, 0))
      .reverse()
      .find((idea) => listed.has(idea.id));
  return next?.id ?? null;
}

function idsAbove(rows: Idea[], id: number) {
  return rows
    .slice(
      0,
      rows.findIndex((idea) => idea.id === id),
    )
    .map((idea) => idea.id)
    .join();
}

/**
 * The row the keys act on. On arrival it is the first idea not yet reviewed; when the active row
 * leaves the list, the next one still listed takes over. While rows above it come and go in the
 * same list (a recently interacted idea's minute is up), the page scrolls by as much as they
 * moved it, so the active row stays where the reviewer's eyes are.
 */
export function useActiveRow(
  rows: Idea[] | undefined,
  list: string,
  rowElements: RefObject<Map<number, HTMLElement>>,
) {
  const [active, setActive] = useState<Active>({ id: null, handedOn: false });
  // The rows last seen, by their ids: the list's array is a new one on every render.
  const [seen, setSeen] = useState<{ ids: string; rows: Idea[] } | null>(null);
  const ids = rows?.map((idea) => idea.id).join() ?? null;
  let current = active;
  if (rows && ids !== null && ids !== seen?.ids) {
    setSeen({ ids, rows });
    if (rows.length > 0 && !rows.some((idea) => idea.id === active.id)) {
      const next = active.id !== null && seen ? nextListed(seen.rows, rows, active.id) : null;
      current =
        next === null ? { id: firstToReview(rows), handedOn: false } : { id: next, handedOn: true };
      setActive(current);
    }
  }

  const anchor = useRef<Anchor | null>(null);
  useLayoutEffect(() => {
    const { id } = current;
    const element = id === null ? undefined : rowElements.current.get(id);
    if (!rows || id === null || !element) {
      anchor.current = null;
      return;
    }
    const above = idsAbove(rows, id);
    const last = anchor.current;
    if (last?.list === list && last.above !== above && (last.id === id || current.handedOn)) {
      const moved = element.getBoundingClientRect().top - last.top;
      if (moved !== 0) window.scrollBy(0, moved);
    }
    anchor.current = { id, top: element.getBoundingClientRect().top, above, list };
  });

  // The reviewer's own scrolling moves the place to keep.
  useEffect(() => {
    const measure = () => {
      const last = anchor.current;
      const element = last && rowElements.current.get(last.id);
      if (last && element) last.top = element.getBoundingClientRect().top;
    };
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [rowElements]);

  const activate = useCallback((id: number) => {
    setActive({ id, handedOn: false });
  }, []);
  return [current.id, activate] as const;
}
