export const PASSWORD = 'journeys need long passphrases';

export const alice = {
  email: 'alice@example.com',
  password: PASSWORD,
  firstName: 'Alice',
  lastName: 'Example',
};

export const bob = {
  email: 'bob@example.com',
  password: PASSWORD,
  firstName: 'Bob',
  lastName: 'Builder',
};

/**
 * Only the journey that uses up a user's sign-in attempts signs in as Dora, so no other journey
 * is refused for the rest of the window.
 */
export const dora = {
  email: 'dora@example.com',
  password: PASSWORD,
  firstName: 'Dora',
  lastName: 'Lockout',
};

export type TestUser = typeof alice;
