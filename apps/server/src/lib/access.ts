import type { UserRow } from '../db/schema/users.js';
import { permissionDenied } from './errors.js';

/** One team per deployment: anyone signed in reads; only the creator or staff change. */
export function assertCanModify(actor: UserRow, record: { createdBy: number }) {
  if (record.createdBy !== actor.id && !actor.isStaff) throw permissionDenied();
}
