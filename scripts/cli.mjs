// `npm run user:create -- ...` and the other commands: the server's command line, built if needed.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded(['server']);
await import('../apps/server/dist/main.js');
