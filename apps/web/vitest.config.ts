import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default defineConfig((env) =>
  mergeConfig(
    viteConfig(env),
    defineConfig({
      test: {
        environment: 'jsdom',
        setupFiles: ['./src/test/setup.ts'],
        include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
        restoreMocks: true,
        // Each test renders into a DOM that Testing Library empties after it, with its own query
        // client and request handlers, so a worker keeps its modules and DOM for the next file:
        // setting up jsdom and importing React for each file took about two thirds of the CPU.
        isolate: false,
        css: false,
        // Typing with user-event in jsdom takes a few seconds on a busy 2-core machine: the
        // default 5 s failed tests that take one second on a quiet one.
        testTimeout: 15_000,
      },
    }),
  ),
);
