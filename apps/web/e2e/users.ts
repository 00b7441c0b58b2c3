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

export type TestUser = typeof alice;
