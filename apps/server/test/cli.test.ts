import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../src/db/client.js';
import { prepareDataDir } from '../src/db/data-dir.js';
import { verifyPassword } from '../src/lib/passwords.js';
import { ideasWithDriftedCounts } from './annotation-fixtures.js';
import { MAIN } from './entry-points.js';

// These run the real entry point in child processes, always on an embedded data directory.
// Each test starts processes, which take seconds each on a busy 2-core machine (a backup and
// its restore took over two minutes beside other work).
vi.setConfig({ testTimeout: 300_000 });
const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function newDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ideaforge-cli-'));
  dataDirs.push(dir);
  return dir;
}

// A new data directory takes seconds before a command can use it (initdb inside WebAssembly, then
// every migration). Only the first start needs an empty one: the command line migrates one here,
// and the tests of everything else work on copies of it.
let migrated: string;
beforeAll(async () => {
  migrated = newDataDir();
  expect(await run(['migrate'], migrated)).toMatchObject({
    code: 0,
    stdout: 'Migrations applied.\n',
  });
});

function migratedDataDir() {
  const dir = newDataDir();
  cpSync(migrated, dir, { recursive: true });
  return dir;
}

function start(
  args: string[],
  dataDir: string,
  port = '0',
  extraEnv: NodeJS.ProcessEnv = {},
): ChildProcess {
  return spawn(process.execPath, [MAIN, ...args], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PORT: port,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function run(args: string[], dataDir: string, port?: string, extraEnv?: NodeJS.ProcessEnv) {
  const child = start(args, dataDir, port, extraEnv);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts the server, waits until it listens, stops it, and returns what it printed. */
async function serveOnce(dataDir: string, extraEnv?: NodeJS.ProcessEnv): Promise<string> {
  const child = start(['serve'], dataDir, '0', extraEnv);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ideaforge is running at')) resolve();
    });
    child.on('close', (code) => {
      reject(new Error(`server exited early (${String(code)}): ${output}`));
    });
  });
  const closed = new Promise((resolve) => child.on('close', resolve));
  child.kill('SIGTERM');
  await closed;
  return output;
}

describe('user commands', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = migratedDataDir();
  });

  it('creates a user, and refuses a duplicate email or a weak password', async () => {
    const created = await run(
      [
        'user:create',
        '--email',
        'Ann@Example.com',
        '--password',
        'a long passphrase',
        '--first-name',
        'Ann',
        '--admin',
      ],
      dataDir,
    );
    expect(created).toMatchObject({ code: 0 });
    expect(created.stdout).toMatch(/Created admin user ann@example.com/);

    const duplicate = await run(
      ['user:create', '--email', 'ann@example.com', '--password', 'another passphrase'],
      dataDir,
    );
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stderr).toContain('A user with this email already exists.');

    const weak = await run(
      ['user:create', '--email', 'weak@example.com', '--password', 'password'],
      dataDir,
    );
    expect(weak.code).not.toBe(0);
    expect(weak.stderr).toContain('This password is too common.');

    const missing = await run(['user:create', '--password', 'a long passphrase'], dataDir);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('--email is required.');
  });

  it('lists, sets passwords and deactivates', async () => {
    await run(
      ['user:create', '--email', 'ben@example.com', '--password', 'a long passphrase'],
      dataDir,
    );
    const list = await run(['user:list'], dataDir);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/ann@example.com\tAnn\tadmin/);
    expect(list.stdout).toMatch(/ben@example.com\tben\t/);

    const set = await run(
      ['user:set-password', '--email', 'ben@example.com', '--password', 'new long passphrase'],
      dataDir,
    );
    expect(set.code).toBe(0);
    const unknown = await run(
      ['user:set-password', '--email', 'nobody@example.com', '--password', 'x y z w v'],
      dataDir,
    );
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('No user with the email nobody@example.com.');

    const deactivated = await run(['user:deactivate', '--email', 'ben@example.com'], dataDir);
    expect(deactivated.code).toBe(0);
    expect((await run(['user:list'], dataDir)).stdout).toMatch(/ben@example.com\tben\tinactive/);
  });

  it('rejects an unknown command with the usage', async () => {
    const result = await run(['user:explode'], dataDir);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("Unknown command 'user:explode'");
    expect(result.stderr).toContain('Usage: ideaforge');
  });
});

describe('the first start', () => {
  it('creates an admin with a random password and prints it once', async () => {
    const dataDir = newDataDir();
    const first = await serveOnce(dataDir);
    expect(first).toContain('Created the first admin account');
    const password = /password: (\S+)/.exec(first)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    const second = await serveOnce(dataDir);
    expect(second).not.toContain('Created the first admin account');
    expect(second).not.toContain(password);
  });
});

describe('language-model providers set up wrongly', () => {
  it('are named at start with what to fix, and the server runs without them', async () => {
    const output = await serveOnce(migratedDataDir(), {
      OLLAMA_BASE_URL: 'localhost:11434',
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:1234/v1',
    });
    expect(output).toContain(
      'Warning: Ollama is left out: OLLAMA_BASE_URL must be an http:// or https:// URL.',
    );
    expect(output).toContain(
      'Warning: OpenAI-compatible is left out: set OPENAI_COMPATIBLE_MODELS to the models it serves.',
    );
  });
});

describe('the worker command', () => {
  it('needs DATABASE_URL, and says why', async () => {
    const result = await run(['worker'], newDataDir());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('A separate worker needs DATABASE_URL');
  });
});

describe('a port already in use', () => {
  it('stops the server with a clear message, after showing the new admin password', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const result = await run(['serve'], migratedDataDir(), String(port));
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use.`);
      expect(result.stdout).toContain('Created the first admin account');
    } finally {
      blocker.close();
    }
  });
});

describe('the data directory lock', () => {
  it('makes a second process fail with a clear message instead of opening the database', async () => {
    const dataDir = migratedDataDir();
    const holder = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const second = await run(['migrate'], dataDir);
      expect(second.code).not.toBe(0);
      expect(second.stderr).toContain('is in use by another Ideaforge process');
    } finally {
      await holder.close();
    }
    const after = await run(['migrate'], dataDir);
    expect(after).toMatchObject({ code: 0, stdout: 'Migrations applied.\n' });
  });
});

describe('a user command while the server runs on the data directory', () => {
  it('says in one sentence to use the Team page or stop the server', async () => {
    const dataDir = migratedDataDir();
    // What a running server holds: the data directory's lock.
    const holder = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const result = await run(
        ['user:create', '--email', 'cy@example.com', '--password', 'a long passphrase'],
        dataDir,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Error: The server is running on the data directory ${dataDir}: manage users from its ` +
          'Team page (signed in as staff), or stop the server and run this command again.\n',
      );
    } finally {
      await holder.close();
    }
  });
});

describe('a data directory the server cannot use', () => {
  it('stops the start with a sentence saying what to fix, not a stack trace', async () => {
    // A path under a file: no user, root included, can create it.
    const file = path.join(newDataDir(), 'not-a-directory');
    writeFileSync(file, '');
    const started = await run(['serve'], path.join(file, 'data'));
    expect(started.code).toBe(1);
    expect(started.stderr).toBe(
      `Error: The data directory ${path.join(file, 'data')} cannot be created or written ` +
        '(ENOTDIR). Set DATA_DIR to a directory this user can write.\n',
    );
  });

  it('refuses a disk without room to start', () => {
    const dataDir = newDataDir();
    expect(() => {
      prepareDataDir(dataDir, Number.MAX_SAFE_INTEGER);
    }).toThrow(
      new RegExp(`The disk of the data directory ${dataDir} has \\d+ MB free; Ideaforge needs`),
    );
    expect(() => {
      prepareDataDir(dataDir);
    }).not.toThrow();
  });
});

async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

describe('the seed command', () => {
  it('fills the database, and the aggregates on ideas match the review tables', async () => {
    const dataDir = migratedDataDir();
    const args = ['seed', '--brainstorms', '8', '--ideas', '150', '--users', '3', '--seed', '7'];
    const result = await run(args, dataDir);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/Password of the 3 new seeded users: \S{16}\n/);
    expect(result.stdout).toMatch(
      /^Seeded 3 users \(3 new\), 1 project, 8 brainstorms, 150 ideas, /m,
    );

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const count = async (table: string) => {
        const [row] = await selectRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from ${sql.identifier(table)}`,
        );
        return row?.n;
      };
      expect(await count('users')).toBe(3);
      const password = /users: (\S+)/.exec(result.stdout)?.[1] ?? '';
      const [user] = await selectRows<{ email: string; password: string }>(
        database.db,
        sql`select email, password from users order by id limit 1`,
      );
      expect(user?.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
      expect(await verifyPassword(user?.password ?? '', password)).toBe(true);
      expect(await count('brainstorms')).toBe(8);
      expect(await count('ideas')).toBe(150);
      const printed = /(\d+) annotations?, (\d+) reactions?, (\d+) comments?/.exec(result.stdout);
      expect(await count('idea_annotations')).toBe(Number(printed?.[1]));
      expect(await count('idea_reactions')).toBe(Number(printed?.[2]));
      expect(await count('idea_comments')).toBe(Number(printed?.[3]));
      expect(Number(printed?.[1])).toBeGreaterThan(0);

      expect(await ideasWithDriftedCounts(database.db)).toEqual([]);
      const rows = await selectRows<{ types: number; titles: number }>(
        database.db,
        sql`select (select count(distinct type) from brainstorms)::int as types,
          count(distinct title)::int as titles from ideas`,
      );
      expect(rows[0]).toMatchObject({ types: 8 });
      expect(rows[0]?.titles).toBeGreaterThan(120);
    } finally {
      await database.close();
    }
  });

  it('refuses bad counts, listing each, before touching the database', async () => {
    const result = await run(['seed', '--ideas', '0', '--users', 'many'], newDataDir());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--ideas: Must be a whole number from 1 to 1,000,000');
    expect(result.stderr).toContain("--users: Must be a whole number from 1 to 1,000; got 'many'");
  });
});

describe('the backup commands', () => {
  it('back up one data directory and restore it into another', async () => {
    const from = migratedDataDir();
    const file = path.join(newDataDir(), 'ideaforge.jsonl.gz');
    const args = ['seed', '--brainstorms', '2', '--ideas', '40', '--users', '2', '--seed', '3'];
    expect(await run(args, from)).toMatchObject({ code: 0 });

    const backedUp = await run(['db:backup', '--file', file], from);
    expect(backedUp).toMatchObject({ code: 0, stderr: '' });
    const [, rows, tables] =
      /^Backed up (\d+) rows of (\d+) tables to (\S+) in \d+\.\d s\.\n$/.exec(backedUp.stdout) ??
      [];
    expect(backedUp.stdout).toContain(` to ${file} in `);
    expect(Number(rows)).toBeGreaterThan(40);

    const to = migratedDataDir();
    const restored = await run(['db:restore', '--file', file], to);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toMatch(
      new RegExp(`^Restored ${rows} rows of ${tables} tables from \\S+ in \\d+\\.\\d s\\.\\n$`),
    );

    const again = await run(['db:restore', '--file', file], to);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('add --replace to delete everything in it first.');
    expect(await run(['db:restore', '--file', file, '--replace'], to)).toMatchObject({ code: 0 });

    const twice = await run(['db:backup', '--file', file], from);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe(
      `Error: ${file} already exists; choose another file name, or move that file away.\n`,
    );
  });

  it('need --file to restore, and refuse a file that is not a backup in one sentence', async () => {
    const dataDir = migratedDataDir();
    const missing = await run(['db:restore'], dataDir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Error: --file is required.');
    expect(missing.stderr).toContain('db:restore --file F [--replace]');

    const notes = path.join(newDataDir(), 'notes.txt');
    writeFileSync(notes, 'not a backup');
    const refused = await run(['db:restore', '--file', notes], dataDir);
    expect(refused).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `Error: ${notes} is not an Ideaforge backup.\n`,
    });
  });
});
