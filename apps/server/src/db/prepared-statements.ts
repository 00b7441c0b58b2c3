import { createHash } from 'node:crypto';
import pg from 'pg';

/** The most statements one connection keeps prepared; later new texts run unprepared. */
export const PREPARED_PER_CONNECTION = 200;

const names = new Map<string, string>();

/** A statement's name: a digest of its text, so equal texts share one and different never do. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    // The texts are the ORM's, a few per route; a bound keeps odd ones from piling up.
    if (names.size >= 10 * PREPARED_PER_CONNECTION) names.clear();
    names.set(text, name);
  }
  return name;
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
}

const isUnnamedConfig = (value: unknown): value is QueryConfig & { text: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as QueryConfig).text === 'string' &&
  (value as QueryConfig).name === undefined;

/**
 * A connection that prepares each statement the ORM sends once, by name, and then only binds
 * and executes it: PostgreSQL parses and plans a statement's text once per connection instead of
 * on every request (the review table's page statement spent longer being planned than run).
 * Texts given as plain strings (the job queue's) stay unprepared, and a connection stops adding
 * names after `PREPARED_PER_CONNECTION`, so a stream of one-off texts cannot fill its memory.
 */
class Preparing extends pg.Client {
  readonly #prepared = new Set<string>();

  // Every overload of the driver's `query` takes the statement first.
  override query(...args: unknown[]): never {
    const [config, ...rest] = args;
    if (isUnnamedConfig(config)) {
      const name = nameOf(config.text);
      if (this.#prepared.has(name) || this.#prepared.size < PREPARED_PER_CONNECTION) {
        this.#prepared.add(name);
        args = [{ ...config, name }, ...rest];
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** `Preparing` with the driver's own signatures for `query`. */
export const PreparingClient = Preparing as unknown as typeof pg.Client;
