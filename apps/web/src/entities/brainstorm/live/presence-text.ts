import type { PresencePlace, PresenceUser } from './events';

/** What a person is doing on each of the brainstorm's pages, as the presence line says it. */
const DOING: Record<PresencePlace, string> = {
  brainstorm: 'on the brainstorm',
  review: 'reviewing',
  themes: 'on themes',
  matrix: 'on the matrix',
  ranking: 'on the ranking',
};

/** 'reviewing', 'reviewing and on themes' (two tabs); 'viewing' when their stream did not say. */
function doing(user: PresenceUser) {
  const places = user.on ?? [];
  return places.length === 0 ? 'viewing' : places.map((place) => DOING[place]).join(' and ');
}

const nameOf = (user: PresenceUser) => user.name.trim() || 'Someone';

/**
 * Who else has the brainstorm open and what they are on, for a line beside its title: 'Ana
 * reviewing', 'Ana and Ben reviewing', 'Ana reviewing, Ben on themes', 'Ana and 2 others
 * reviewing', 'Ana reviewing, Ben on the ranking and 1 other'; null when the caller is alone.
 */
export function presenceText(users: readonly PresenceUser[], selfId: number | null) {
  const others = users.filter((user) => user.id !== selfId);
  const [first, second] = others;
  if (first === undefined) return null;
  if (second === undefined) return `${nameOf(first)} ${doing(first)}`;
  const rest = others.length - 2;
  if (others.every((user) => doing(user) === doing(first))) {
    const who =
      rest === 0
        ? `${nameOf(first)} and ${nameOf(second)}`
        : `${nameOf(first)} and ${String(rest + 1)} others`;
    return `${who} ${doing(first)}`;
  }
  const named = `${nameOf(first)} ${doing(first)}, ${nameOf(second)} ${doing(second)}`;
  if (rest === 0) return named;
  return `${named} and ${String(rest)} ${rest === 1 ? 'other' : 'others'}`;
}
