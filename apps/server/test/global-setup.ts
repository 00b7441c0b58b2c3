import { buildServerIfNeeded } from '../bench/processes.js';

/**
 * The tests that start the server as a child process run its build, as production does: built
 * once here when older than its sources, rather than compiled on the fly by every child.
 */
export default async function setup() {
  await buildServerIfNeeded();
}
