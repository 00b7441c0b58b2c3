/** One team per deployment: anyone signed in reads; only the creator or staff change. */
export function canModify(
  user: { id: number; is_staff: boolean } | null,
  record: { created_by: number },
) {
  return user !== null && (user.is_staff || user.id === record.created_by);
}
