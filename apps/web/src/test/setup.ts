import '@testing-library/jest-dom/vitest';
import './browser-request';
import './browser-stubs';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './msw-server';

let unexpectedErrors: unknown[][] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  unexpectedErrors = [];
  // A test that expects an error log overrides this with mockImplementation(Once).
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  const errors = unexpectedErrors;
  unexpectedErrors = [];
  if (errors.length > 0) {
    const details = errors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${details}`);
  }
});

afterAll(() => {
  server.close();
});
