import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { buildApp } from '../app.js';
import { createFirstAdmin } from '../bootstrap.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { databaseTarget } from '../db/target.js';
import { loggerOptions } from '../lib/logging.js';
import { CommandError, reportProviderProblems } from './command-line.js';

/** The web app and the API, with generation workers unless WORKERS=0. */
export async function serve(config: Config) {
  reportProviderProblems(config);
  // The app logs with its own logger; the database, opened first, with one of the same kind.
  const log = pino(loggerOptions(config.logLevel));
  const database = await openDatabase(databaseTarget(config), { log });
  await database.migrate();
  const admin = await createFirstAdmin(database.db, config.adminEmail);
  if (admin) {
    // Shown before listening, so a failed start cannot lose the only copy of the password.
    console.log(
      [
        '',
        'Created the first admin account. Sign in with:',
        `  email:    ${admin.email}`,
        `  password: ${admin.password}`,
        'This password is shown only once, and works once: the first sign-in asks',
        'for a password of your own.',
        '',
      ].join('\n'),
    );
  }
  const app = await buildApp(config, { database });
  // The database closes after the app, whose workers hand their running jobs back first.
  const stop = () => app.close().then(() => database.close());
  // Readiness fails first, and the server goes on serving until a load balancer has noticed.
  const drainThenStop = async () => {
    app.readiness.drain();
    await delay(config.shutdownDrainMs);
    await stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void drainThenStop().then(() => process.exit(0));
    });
  }
  let address: string;
  try {
    address = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await stop();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new CommandError(
        `Port ${config.port} on ${config.host} is already in use. Stop what uses it, or set PORT.`,
      );
    }
    throw error;
  }
  console.log(`Ideaforge is running at ${address.replace('127.0.0.1', 'localhost')}`);
}
