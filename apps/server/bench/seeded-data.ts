/** The benchmark's data: seeded with the seed command, then looked up over the API. */
import { getPage, type Session } from './api.js';
import type { Fixtures } from './endpoints.js';
import { runCli, type ProcessEnv } from './processes.js';

export interface SeedSize {
  brainstorms: number;
  ideas: number;
  users: number;
}

export const FULL_SEED: SeedSize = { brainstorms: 200, ideas: 100_000, users: 20 };
export const SMOKE_SEED: SeedSize = { brainstorms: 4, ideas: 400, users: 3 };
const VOTE_IDEAS = 1000;

export interface Credentials {
  email: string;
  password: string;
}

/** Seeds the database with the seed command; returns a seeded user's email and password. */
export async function seed(size: SeedSize, env: ProcessEnv): Promise<Credentials> {
  const { emails, password } = await seedUsers(size, env);
  const email = emails[0];
  if (!email) throw new Error('No seeded user to sign in as.');
  return { email, password };
}

/**
 * Seeds the database with the seed command; returns the password the seeded users share and
 * every user's email, oldest first (`user:list`).
 */
export async function seedUsers(
  size: SeedSize,
  env: ProcessEnv,
): Promise<{ emails: string[]; password: string }> {
  const args = Object.entries(size).flatMap(([name, value]) => [`--${name}`, String(value)]);
  const seeded = await runCli(['seed', ...args], env);
  const password = /Password of the \d+ new seeded users: (\S+)/.exec(seeded)?.[1];
  const listed = await runCli(['user:list'], env);
  const emails = listed.split('\n').flatMap((line) => line.split('\t')[1] ?? []);
  if (!password || emails.length === 0) throw new Error(`No seeded user to sign in as:\n${seeded}`);
  return { emails, password };
}

/** The brainstorm with the most ideas, and ideas the user has not reviewed, to vote on. */
export async function findFixtures(session: Session) {
  const largest = await getPage<{ id: number; ideas_count: number }>(
    session,
    '/api/brainstorms/?ordering=-ideas_count&page_size=1',
  );
  const brainstorm = largest.results[0];
  if (!brainstorm) throw new Error('The seed made no brainstorm.');
  const voteIdeaIds: number[] = [];
  for (let page = 1; voteIdeaIds.length < VOTE_IDEAS; page++) {
    const unreviewed = await getPage<{ id: number }>(
      session,
      `/api/ideas/unreviewed/?page_size=100&page=${page}`,
    );
    voteIdeaIds.push(...unreviewed.results.map((idea) => idea.id));
    if (!unreviewed.next) break;
  }
  const fixtures: Fixtures = { brainstormId: brainstorm.id, voteIdeaIds };
  return { fixtures, brainstorm: { id: brainstorm.id, ideas: brainstorm.ideas_count } };
}

/** The share of ideas that someone annotated. */
export async function annotatedShare(session: Session): Promise<number> {
  const page = await getPage(session, '/api/ideas/reviewed/?user_filter=any&page_size=1');
  return (page.filteredCount ?? 0) / page.count;
}
