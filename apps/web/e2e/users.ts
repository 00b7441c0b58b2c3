export const PASSWORD = 'journeys need long passphrases';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Created with --admin: manages the team. */
  staff?: boolean;
}

export const alice: TestUser = {
  email: 'alice@example.com',
  password: PASSWORD,
  firstName: 'Alice',
  lastName: 'Example',
};

export const bob: TestUser = {
  email: 'bob@example.com',
  password: PASSWORD,
  firstName: 'Bob',
  lastName: 'Builder',
};

/**
 * Only the journey that uses up a user's sign-in attempts signs in as Dora, so no other journey
 * is refused for the rest of the window.
 */
export const dora: TestUser = {
  email: 'dora@example.com',
  password: PASSWORD,
  firstName: 'Dora',
  lastName: 'Lockout',
};

/** The journeys' one staff member; alice and bob are members, as most tests need. */
export const sam: TestUser = {
  email: 'sam@example.com',
  password: PASSWORD,
  firstName: 'Sam',
  lastName: 'Staff',
  staff: true,
};
