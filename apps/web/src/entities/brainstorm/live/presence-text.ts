import type { PresenceUser } from './events';

/**
 * Who else has the brainstorm open, for a line beside its title: 'Ana reviewing', 'Ana and Ben
 * reviewing', 'Ana and 2 others reviewing'; null when the caller is alone.
 */
export function presenceText(users: readonly PresenceUser[], selfId: number | null) {
  const others = users.filter((user) => user.id !== selfId);
  const [first, second] = others.map((user) => user.name.trim() || 'Someone');
  if (first === undefined) return null;
  if (second === undefined) return `${first} reviewing`;
  if (others.length === 2) return `${first} and ${second} reviewing`;
  return `${first} and ${String(others.length - 1)} others reviewing`;
}
