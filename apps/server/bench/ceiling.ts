import { fork } from 'node:child_process';
import { once } from 'node:events';
import { serverRoot, stopProcess } from './processes.js';

/** What the ceiling server answers: an endpoint's parsed response body and its content type. */
export interface CeilingAnswer {
  body: unknown;
  contentType: string;
}

export interface Ceiling {
  url: string;
  stop: () => Promise<void>;
}

/** Forks a ceiling server's script, sends it its settings, and resolves once it listens. */
export async function forkCeiling(script: string, settings: unknown): Promise<Ceiling> {
  const child = fork(script, {
    cwd: serverRoot,
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH },
  });
  child.send(settings as object);
  const exited = once(child, 'exit').then(() => {
    throw new Error(`${script} exited before listening.`);
  });
  const [reply] = (await Promise.race([once(child, 'message'), exited])) as [{ port: number }];
  return { url: `http://127.0.0.1:${reply.port}`, stop: () => stopProcess(child) };
}

/** Starts the ceiling server for one endpoint's answer (see ceiling-server.ts). */
export const startCeiling = (answer: CeilingAnswer) =>
  forkCeiling('bench/ceiling-server.ts', answer);
