import type { components } from '@/lib/api/schema';
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

type Generation = components['schemas']['Generation'];

/** A generation as the server answers it: queued, ten ideas asked for, nothing spent yet. */
export function makeGeneration(overrides: Partial<Generation> = {}): Generation {
  return {
    id: 31,
    brainstorm: 7,
    created_by: 1,
    status: 'queued',
    requested: 10,
    succeeded: 0,
    failed: 0,
    stacked: 0,
    variety: 'normal',
    input_tokens: 0,
    output_tokens: 0,
    failures: [],
    slots: [],
    steering: null,
    steering_hidden: false,
    created: '2026-03-01T10:15:00.000Z',
    started: null,
    finished: null,
    ...overrides,
  };
}

type Project = components['schemas']['Project'];

/** A project as the server answers it: active, with no brainstorms, made by user 1. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  const id = overrides.id ?? 3;
  return {
    id,
    name: `Project ${String(id)}`,
    description: '',
    created_by: 1,
    created: '2026-02-01T09:00:00.000Z',
    modified: '2026-02-01T09:00:00.000Z',
    archived: null,
    brainstorms_count: 0,
    last_activity: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}
