import '@testing-library/jest-dom/vitest';
import './browser-request';
import './browser-stubs';
import { cleanup, configure } from '@testing-library/react';
import { loadOptionSelect } from '@/components/ui/option-select';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './msw-server';

// findBy and waitFor give up after 5 s rather than 1: the first render of a file loads the app's
// code, which takes over a second beside other work on a 2-core machine. A test whose content
// arrives sooner (nearly all) waits no longer for it.
configure({ asyncUtilTimeout: 5_000 });

let unexpectedErrors: unknown[][] = [];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // A select is a stand-in until its code is fetched; tests open the select itself at once. The
  // stand-in is the browser journeys' to test (page size, variety, the review pages), which a
  // test here could reach only by resetting the modules that later files share.
  await loadOptionSelect();
});

beforeEach(() => {
  unexpectedErrors = [];
  // A test that expects an error log overrides this with mockImplementation(Once).
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(args);
  });
});

/**
 * A worker runs file after file in one DOM (isolate: false): what a test left in the document,
 * its cookies or storage is gone before the next test, wherever it runs.
 */
function clearDocumentState() {
  if (typeof document === 'undefined') return; // a file that runs in Node's environment
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  document.title = '';
}

afterEach(() => {
  cleanup();
  clearDocumentState();
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
