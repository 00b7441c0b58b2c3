import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';
import { DATABASE_LABELS, type DatabaseKind } from './throwaway-database.js';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** The variables a started process gets besides PATH: only what the bench chooses. */
export type ProcessEnv = Record<string, string>;

export interface StartedProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr, to explain a failure. */
  output: () => string;
}

/** Starts `node <args>` from the repository's root with piped output. */
export function startNode(args: string[], env: ProcessEnv): StartedProcess {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return { child, output: () => output };
}

/** Stops a process the bench started, with SIGKILL if SIGTERM has not ended it in 20 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

const BUILD_LOCK = path.join(tmpdir(), 'ideaforge-bench-build.lock');

/**
 * Runs `node <args>` to its end and returns what it printed. Each of these may build the server
 * when its build is stale: a lock keeps two benchmarks (the smoke test runs on two databases at
 * once) from building into the same directory together.
 */
async function runToEnd(args: string[], env: ProcessEnv, what: string): Promise<string> {
  const release = await lockfile.lock(BUILD_LOCK, {
    realpath: false,
    lockfilePath: BUILD_LOCK,
    retries: { retries: 1500, factor: 1, minTimeout: 200, maxTimeout: 200 },
  });
  try {
    const { child, output } = startNode(args, env);
    const [code] = (await once(child, 'close')) as [number | null];
    if (code !== 0) throw new Error(`${what} failed (${code}):\n${output()}`);
    return output();
  } finally {
    await release();
  }
}

/** Builds the server when its build is older than its sources, as `npm start` would. */
export async function buildServerIfNeeded(): Promise<void> {
  const script = "import('./scripts/build-if-needed.mjs').then((b) => b.buildIfNeeded(['server']))";
  await runToEnd(['--eval', script], {}, 'Building the server');
}

/**
 * Runs a command of the server's command line as `npm run seed` and the others do
 * (`node scripts/cli.mjs`), and returns what it printed.
 */
export function runCli(args: string[], env: ProcessEnv): Promise<string> {
  return runToEnd(['scripts/cli.mjs', ...args], env, `\`${args.join(' ')}\``);
}

export interface ServerProcess {
  url: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
  /** Ends it with SIGKILL, as a crash or the OOM killer would, and resolves once it is gone. */
  kill: () => Promise<void>;
}

/**
 * Starts the built server as `npm start` does (`dist/main.js serve`, workers included), on a free
 * port of 127.0.0.1, and resolves once it listens.
 */
export async function startServer(env: ProcessEnv): Promise<ServerProcess> {
  const started = startNode(['apps/server/dist/main.js', 'serve'], {
    HOST: '127.0.0.1',
    PORT: '0',
    ...env,
  });
  const { child, output } = started;
  const url = await new Promise<string>((resolve, reject) => {
    const listening = () => {
      const match = /Ideaforge is running at http:\/\/localhost:(\d+)/.exec(output());
      if (match) resolve(`http://127.0.0.1:${match[1] ?? ''}`);
    };
    child.stdout?.on('data', listening);
    child.once('exit', (code) => {
      reject(new Error(`The server exited before listening (${String(code)}):\n${output()}`));
    });
  });
  if (child.pid === undefined) throw new Error('The server has no process id.');
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  return { url, pid: child.pid, output, stop: () => stopProcess(child), kill };
}

/**
 * Runs `use` with the built server started on `env`, printing what the server printed when `use`
 * fails, and stops the server either way.
 */
export async function withServer<T>(
  env: ProcessEnv,
  use: (server: ServerProcess) => Promise<T>,
): Promise<T> {
  const server = await startServer(env);
  try {
    return await use(server);
  } catch (error) {
    console.log(`The server's output:\n${server.output()}`);
    throw error;
  } finally {
    await server.stop();
  }
}

/** What every benchmark result begins with: which database, which code, when, on what machine. */
export interface BenchRun {
  database: DatabaseKind;
  label: string;
  /** A smoke run's figures mean nothing: they carry no targets. */
  smoke: boolean;
  commit: string | null;
  date: string;
  machine: { cores: number; cpu: string; node: string };
}

/** The beginning of a result measured now on a database of this kind. */
export function benchRun(database: DatabaseKind, smoke: boolean): BenchRun {
  return {
    database,
    label: DATABASE_LABELS[database],
    smoke,
    commit: measuredCommit(),
    date: new Date().toISOString(),
    machine: { cores: availableParallelism(), cpu: cpus()[0]?.model ?? '', node: process.version },
  };
}

/** The commit the measured code comes from (with a + when the server's sources differ from it). */
export function measuredCommit(): string | null {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  try {
    const changed = git('status', '--porcelain', '--', 'apps/server/src').trim() !== '';
    return git('rev-parse', '--short', 'HEAD').trim() + (changed ? '+' : '');
  } catch {
    return null;
  }
}

/** The process's resident set in MB, from /proc; null where there is none. */
export function residentMb(pid: number): number | null {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return null;
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(status, 'utf8'))?.[1];
  return kb === undefined ? null : Number(kb) / 1024;
}

let clockTicks: number | undefined;

/** The CPU time the process has used so far (user and system), in seconds; null off Linux. */
export function cpuSeconds(pid: number): number | null {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return null;
  // The fields after the command's name, which ends with the last ')': state is the first.
  const text = readFileSync(stat, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2);
  const [utime, stime] = fields.split(' ').slice(11, 13).map(Number);
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ((utime ?? 0) + (stime ?? 0)) / clockTicks;
}
