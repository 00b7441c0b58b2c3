// Generates src/routeTree.gen.ts (git-ignored) the same way `vite` does, so that
// `tsc` can type-check a fresh clone before any build or test has run.
import { resolveConfig } from 'vite';

await resolveConfig(
  { configFile: new URL('../vite.config.ts', import.meta.url).pathname },
  'build',
);
