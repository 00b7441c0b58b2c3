import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** The built entry point, as production runs it (the suite's global setup builds it). */
export const MAIN = 'dist/main.js';

/**
 * The server's real entry point run as child processes. Every child is remembered, so a test
 * can end them all afterwards, also when it failed.
 */
export class EntryPoints {
  readonly #children = new Set<ChildProcess>();

  /** Runs `main.js <args>`; resolves once `ready` appears in its output. */
  async launch(args: string[], env: NodeJS.ProcessEnv, ready: RegExp) {
    const child = spawn(process.execPath, [MAIN, ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#children.add(child);
    let output = '';
    const match = await new Promise<RegExpExecArray>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const found = ready.exec(output);
        if (found) resolve(found);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        reject(new Error(`exited early (${String(code)}): ${output}`));
      });
    });
    return { child, match };
  }

  /** Sends a signal and resolves with the exit code once the child is gone. */
  stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
      else child.once('exit', resolve);
    });
    child.kill(signal);
    this.#children.delete(child);
    return exited;
  }

  /** Kills every child still running. */
  killAll() {
    for (const child of this.#children) child.kill('SIGKILL');
    this.#children.clear();
  }
}

/** Reads until `done` holds, every 100 ms, for at most `ms`. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 40_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
