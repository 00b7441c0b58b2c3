import type { Db } from '../../db/client.js';
import type { NewUserRow, UserRow } from '../../db/schema/users.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { notFound, permissionDenied, ValidationError, type FieldErrors } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted, type Pagination } from '../../lib/pagination.js';
import type { Ordering } from '../../lib/ordering.js';
import {
  hashPassword,
  passwordProblems,
  verifyAgainstNothing,
  verifyPassword,
} from '../../lib/passwords.js';
import {
  beginPasswordAttempt,
  passwordAttemptFailed,
  passwordAttemptSucceeded,
  passwordAttemptUnjudged,
  pruneLoginFailures,
} from './password-attempts.js';
import * as repo from './users.repository.js';
import type { UserChanges, UserCreateInput, UserDto } from './users.schemas.js';

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  if (full) return full;
  const localPart = user.email.split('@')[0];
  return localPart === undefined || localPart === '' ? 'User' : localPart;
}

export function toUserDto(user: UserRow): UserDto {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    name: displayName(user),
    avatar: user.avatar,
    is_staff: user.isStaff,
    is_active: user.isActive,
    created: isoDate(user.created),
    password_must_change: user.passwordMustChange,
  };
}

/** What another member reads of a teammate: not whether their password is still staff's. */
function asTeammate({ password_must_change: _, ...user }: UserDto): UserDto {
  return user;
}

const duplicateEmail = () =>
  new ValidationError({ email: ['A user with this email already exists.'] });

function assertStrongPassword(password: string, email: string, field = 'password') {
  const problems = passwordProblems(password, email);
  if (problems.length > 0) throw new ValidationError({ [field]: problems });
}

function assertSelfOrStaff(actor: UserRow, id: number) {
  if (actor.id !== id && !actor.isStaff) throw permissionDenied();
}

/** The team as `viewer` may read it; null is the command line's operator, who reads all. */
export async function listUsers(
  db: Db,
  query: Pagination & { search?: string | undefined; ordering: Ordering<repo.UserOrderingField> },
  viewer: UserRow | null,
): Promise<Counted<UserDto>> {
  const { count, rows } = await repo.listUsers(db, { ...query, ...pageWindow(query) });
  const shown = (user: UserRow) =>
    !viewer || viewer.isStaff || user.id === viewer.id
      ? toUserDto(user)
      : asTeammate(toUserDto(user));
  return { count, rows: rows.map(shown) };
}

export async function getUser(db: Db, actor: UserRow, id: number): Promise<UserDto> {
  assertSelfOrStaff(actor, id);
  const user = await repo.findUserById(db, id);
  if (!user) throw notFound();
  return toUserDto(user);
}

/** Fields only staff may change; anyone may send back the values they read. */
function assertMayChangeFlags(actor: UserRow, user: UserRow, changes: UserChanges) {
  if (actor.isStaff) return;
  const changed =
    (changes.is_staff !== undefined && changes.is_staff !== user.isStaff) ||
    (changes.is_active !== undefined && changes.is_active !== user.isActive);
  if (changed) throw permissionDenied('Only staff may change is_staff or is_active.');
}

export async function updateUser(
  db: Db,
  actor: UserRow,
  id: number,
  changes: UserChanges,
  address: string,
): Promise<UserDto> {
  assertSelfOrStaff(actor, id);
  const user = await repo.findUserById(db, id);
  if (!user) throw notFound();
  assertMayChangeFlags(actor, user, changes);
  if (actor.id === id && changes.is_active === false && user.isActive) {
    throw permissionDenied('You cannot deactivate yourself: another staff member can.');
  }
  const values: Partial<NewUserRow> = {
    email: changes.email,
    firstName: changes.first_name,
    lastName: changes.last_name,
    avatar: changes.avatar,
    isStaff: changes.is_staff,
    isActive: changes.is_active,
  };
  // A password staff set is one-time: its user chooses their own at the next sign-in.
  const reset = actor.isStaff && actor.id !== id;
  if (changes.password !== undefined) {
    values.password = reset
      ? await resetPassword(user, changes)
      : await checkedPasswordChange(db, user, changes, address);
    values.passwordMustChange = reset;
  }
  const endSessions = values.password !== undefined || changes.is_active === false;
  // A deactivation revokes the personal access tokens too: a reactivation does not bring them back.
  const revokePersonalTokens = changes.is_active === false;
  // A change of one's own password applies only over the password it was checked against.
  const passwordWas = values.password !== undefined && !reset ? user.password : null;
  const updated = await repo
    .updateUser(db, id, values, { endSessions, revokePersonalTokens, passwordWas })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateEmail() : error;
    });
  if (!updated) {
    if (passwordWas !== null && (await repo.findUserById(db, id))) {
      throw new ValidationError({ current_password: [PASSWORD_CHANGED_MEANWHILE] });
    }
    throw notFound();
  }
  return toUserDto(updated);
}

const PASSWORD_CHANGED_MEANWHILE =
  'The password was changed at the same moment, by another request: sign in with the new one.';

/**
 * Checks a password change. The current password is a password guess like a sign-in, so it
 * counts against the same limits.
 */
async function checkedPasswordChange(
  db: Db,
  user: UserRow,
  changes: UserChanges,
  address: string,
): Promise<string> {
  const errors: FieldErrors = {};
  if (!changes.current_password) {
    errors.current_password = ['The current password is required to set a new one.'];
  } else {
    const attempt = { email: user.email, address };
    await beginPasswordAttempt(db, attempt);
    if (await verifyPassword(user.password, changes.current_password)) {
      await passwordAttemptSucceeded(db, attempt);
    } else {
      await passwordAttemptFailed(db, attempt);
      errors.current_password = ['The current password is not correct.'];
    }
  }
  const problems = passwordProblems(changes.password ?? '', changes.email ?? user.email);
  if (problems.length > 0) errors.password = problems;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return hashPassword(changes.password ?? '');
}

/**
 * Staff set another member's password without knowing the current one: a reset, which ends the
 * member's sessions like any password change. Their own password needs the current one.
 */
async function resetPassword(user: UserRow, changes: UserChanges): Promise<string> {
  assertStrongPassword(changes.password ?? '', changes.email ?? user.email);
  return hashPassword(changes.password ?? '');
}

/**
 * Creates a user after checking the password; shared by the API and the command line. A
 * one-time password is to be replaced at the first sign-in (decision 043).
 */
export async function createUser(
  db: Db,
  input: UserCreateInput,
  { oneTimePassword = false } = {},
): Promise<UserRow> {
  assertStrongPassword(input.password, input.email);
  const user = await repo.insertUser(db, {
    email: input.email,
    password: await hashPassword(input.password),
    firstName: input.first_name,
    lastName: input.last_name,
    avatar: input.avatar ?? null,
    isStaff: input.is_staff,
    passwordMustChange: oneTimePassword,
  });
  if (!user) throw duplicateEmail();
  return user;
}

/**
 * Creates users who share one password, checked against each email and hashed once: the seed
 * command's accounts, where one argon2 hash per user would be most of the time. An email already
 * taken keeps its user as it is; the answer lists the new users only.
 */
export async function createUsersSharingPassword(
  db: Db,
  inputs: Omit<UserCreateInput, 'password'>[],
  password: string,
): Promise<UserRow[]> {
  for (const input of inputs) assertStrongPassword(password, input.email);
  const hash = await hashPassword(password);
  const created: UserRow[] = [];
  for (const input of inputs) {
    const user = await repo.insertUser(db, {
      email: input.email,
      password: hash,
      firstName: input.first_name,
      lastName: input.last_name,
      avatar: input.avatar ?? null,
      isStaff: input.is_staff,
    });
    if (user) created.push(user);
  }
  return created;
}

export async function createUserAsStaff(
  db: Db,
  actor: UserRow,
  input: UserCreateInput,
): Promise<UserDto> {
  if (!actor.isStaff) throw permissionDenied();
  return toUserDto(await createUser(db, input, { oneTimePassword: true }));
}

/**
 * The command line's password: whoever runs it chose it, for themselves or as the operator, so
 * it is not one-time (decision 043).
 */
export async function setPassword(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw notFound(`No user with the email ${email}.`);
  assertStrongPassword(password, user.email);
  const updated = await repo.updateUser(
    db,
    user.id,
    { password: await hashPassword(password), passwordMustChange: false },
    { endSessions: true },
  );
  return updated ?? user;
}

export async function deactivateUser(db: Db, email: string): Promise<UserRow> {
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw notFound(`No user with the email ${email}.`);
  const updated = await repo.updateUser(
    db,
    user.id,
    { isActive: false },
    { endSessions: true, revokePersonalTokens: true },
  );
  return updated ?? user;
}

/**
 * Ends every session of the user but the one whose refresh tokens are `keepFamily`: access
 * tokens issued so far stop working at once and the other refresh tokens are revoked. Returns
 * the user as changed, for a new access token for the session kept.
 */
export async function endSessionsExcept(
  db: Db,
  user: UserRow,
  keepFamily: string | null,
): Promise<UserRow> {
  const updated = await repo.updateUser(db, user.id, {}, { endSessions: true, keepFamily });
  if (!updated) throw notFound();
  return updated;
}

/**
 * The active user with this email and password, or null. The guess counts against the limits
 * on password guesses first (429 past them, decision 003); a right one takes its attempt back.
 */
export async function userWithPassword(
  db: Db,
  credentials: { email: string; password: string },
  address: string,
): Promise<UserRow | null> {
  const attempt = { email: credentials.email, address };
  await beginPasswordAttempt(db, attempt);
  let settled = false;
  try {
    const user = await repo.findUserByEmail(db, credentials.email);
    const valid = user
      ? await verifyPassword(user.password, credentials.password)
      : await verifyAgainstNothing(credentials.password);
    if (!user || !valid || !user.isActive) {
      settled = true;
      await passwordAttemptFailed(db, attempt);
      return null;
    }
    await passwordAttemptSucceeded(db, attempt);
    settled = true;
    return user;
  } finally {
    // The database failed mid-check (an outage, a cut connection): no password was judged.
    if (!settled) await passwordAttemptUnjudged(db, attempt);
  }
}

/** Drops the counts of password guesses whose window ended long ago. */
export const prunePasswordAttempts = pruneLoginFailures;

export const findUserByEmail = repo.findUserByEmail;
export const findUserById = repo.findUserById;
export const countUsers = repo.countUsers;
