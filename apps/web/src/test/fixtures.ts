import type { User } from '@/lib/api/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    name: 'Ada Lovelace',
    avatar: null,
    is_staff: false,
    is_active: true,
    created: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A promise with its resolver, to hold a mocked response until the test releases it. */
export function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
