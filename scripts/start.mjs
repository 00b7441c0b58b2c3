// `npm start`: builds what is missing, then serves the web app and the API on one port.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded(['server', 'web']);
process.argv.splice(2, process.argv.length, 'serve');
await import('../apps/server/dist/main.js');
