import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerIfNeeded } from '../bench/processes.js';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated embedded database, which each test's database starts from. */
    pgliteTemplate: string;
  }
}

/**
 * The tests that start the server as a child process run its build, as production does: built
 * once here when older than its sources, rather than compiled on the fly by every child.
 *
 * An embedded database takes seconds to create (initdb, inside WebAssembly) and a fraction of
 * that to load from a dump: one is created and migrated here, and every test's database starts
 * from its dump.
 */
export default async function setup(project: TestProject) {
  await buildServerIfNeeded();
  const dir = mkdtempSync(path.join(tmpdir(), 'ideaforge-test-template-'));
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await database.migrate();
    if (!database.pglite) throw new Error('an embedded database was asked for');
    const dump = await database.pglite.dumpDataDir();
    const file = path.join(dir, 'pgdata.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await database.close();
  }
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
