// Generates src/routeTree.gen.ts (git-ignored) the same way `vite` does, so that lint and
// `tsc` can type-check a fresh clone (run by `prepare` after `npm ci`) before any build.
import { resolveConfig } from 'vite';

await resolveConfig(
  { configFile: new URL('../vite.config.ts', import.meta.url).pathname },
  'build',
);
