import type { Config } from '../config.js';
import { seedDatabase } from '../seed/seed.js';
import { parseSeedOptions } from '../seed/seed-options.js';
import { secondsSince, withDatabase } from './command-line.js';

/** Demo data; its own options, given as they were typed. */
export async function seed(config: Config, args: string[]) {
  const options = parseSeedOptions(args);
  await withDatabase(config, async ({ db }) => {
    const started = performance.now();
    const r = await seedDatabase(db, options);
    const seconds = secondsSince(started);
    if (r.newUsers > 0)
      console.log(`Password of the ${r.newUsers} new seeded users: ${r.password}`);
    const n = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
    console.log(
      `Seeded ${n(r.users, 'user')} (${r.newUsers} new), ${n(r.projects, 'project')}, ` +
        `${n(r.brainstorms, 'brainstorm')}, ${n(r.ideas, 'idea')}, ` +
        `${n(r.annotations, 'annotation')}, ${n(r.reactions, 'reaction')}, ` +
        `${n(r.comments, 'comment')} in ${seconds} s.`,
    );
  });
}
