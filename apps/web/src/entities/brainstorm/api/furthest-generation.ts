import { replaceEqualDeep } from '@tanstack/react-query';
import type { components } from '@/lib/api/schema';

type Generation = components['schemas']['Generation'];

/** How far a generation has gone: its ideas finished, and past all of them once it has ended. */
function progressOf({ status, succeeded, failed }: Generation) {
  return status === 'queued' || status === 'running' ? succeeded + failed : Number.MAX_SAFE_INTEGER;
}

/**
 * A generation's query keeps what it holds when a read answers with less: the brainstorm's
 * live stream may have brought a later state while the read was on its way. At equal progress
 * the read wins, since it carries the slots and failures an event does not.
 */
export function furthestGeneration(cached: unknown, read: unknown): unknown {
  const before = cached as Generation | undefined;
  const after = read as Generation;
  if (before?.id === after.id && progressOf(before) > progressOf(after)) return before;
  return replaceEqualDeep(cached, read);
}
