/** A list's project filter: a project's id, 'none' for those in no project, null for all. */
export type ProjectFilter = number | 'none' | null;

/** The `project` of an address; null (all) for anything else. */
export function parseProjectFilter(value: unknown): ProjectFilter {
  if (value === 'none') return 'none';
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The filter as a project select's value. */
export const projectFilterValue = (filter: ProjectFilter) =>
  filter === null ? 'all' : String(filter);

/** The filter a project select's value names. */
export function projectFilterOf(value: string): ProjectFilter {
  if (value === 'all') return null;
  return parseProjectFilter(value);
}
