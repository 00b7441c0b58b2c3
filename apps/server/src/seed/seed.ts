import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  ideaAnnotations,
  ideaComments,
  ideaReactions,
  REACTION_TYPES,
} from '../db/schema/annotations.js';
import { brainstorms } from '../db/schema/brainstorms.js';
import { ideas, type NewIdeaRow } from '../db/schema/ideas.js';
import { projects } from '../db/schema/projects.js';
import type { UserRow } from '../db/schema/users.js';
import { BRAINSTORM_TYPES } from '../modules/brainstorms/brainstorm-types.js';
import * as usersService from '../modules/users/users.service.js';
import { Random } from './random.js';
import type { SeedOptions } from './seed-options.js';
import {
  brainstormText,
  commentText,
  FIRST_NAMES,
  ideaText,
  LAST_NAMES,
  NO_PROVENANCE,
  PROBLEMS,
  provenance,
} from './seed-text.js';

export interface SeedResult {
  password: string;
  newUsers: number;
  users: number;
  projects: number;
  brainstorms: number;
  ideas: number;
  annotations: number;
  reactions: number;
  comments: number;
}

// Rows per INSERT, within PostgreSQL's 65,535 parameters: 14 columns x 4,000 ideas = 56,000.
const IDEA_BATCH = 4_000;
const ROW_BATCH = 5_000;
const DAY = 86_400_000;

/** How much review the seeded ideas get: a fraction is annotated, by one to four users each. */
const ANNOTATED_SHARE = 0.35;
const REACTION_SHARE = 0.3;
const COMMENT_SHARE = 0.15;

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item at ${index}`);
  return item;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertAll<Row>(
  rows: Row[],
  size: number,
  insert: (chunk: Row[]) => Promise<unknown>,
) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seedUsers(db: Db, random: Random, count: number) {
  const firsts = random.shuffle(FIRST_NAMES);
  const lasts = random.shuffle(LAST_NAMES);
  // Pairs (i mod F, (i mod F + i div F) mod L) are distinct for the first F x L users.
  const inputs = Array.from({ length: count }, (_, i) => {
    const round = Math.floor(i / firsts.length);
    const first = firsts[i % firsts.length] ?? 'Ada';
    const last = lasts[(i + round) % lasts.length] ?? 'Abbott';
    const suffix = i < firsts.length * lasts.length ? '' : String(i);
    return {
      email: `${first}.${last}${suffix}@example.com`.toLowerCase(),
      first_name: first,
      last_name: last,
      is_staff: false,
    };
  });
  const password = randomBytes(12).toString('base64url');
  const created = await usersService.createUsersSharingPassword(db, inputs, password);
  const all: UserRow[] = [];
  for (const input of inputs) {
    const user = await usersService.findUserByEmail(db, input.email);
    if (user) all.push(user);
  }
  return { password, newUsers: created.length, users: all };
}

/** Splits `total` over `parts` unevenly, the way real brainstorms differ in size. */
function spread(random: Random, total: number, parts: number): number[] {
  const weights = Array.from({ length: parts }, () => 0.2 + random.next() * 1.8);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % parts, left--) counts[i] = (counts[i] ?? 0) + 1;
  return counts;
}

interface SeededIdea {
  id: number;
  created: Date;
}

async function seedReviews(
  tx: Tx,
  random: Random,
  users: UserRow[],
  batch: SeededIdea[],
  now: number,
) {
  const annotationRows: (typeof ideaAnnotations.$inferInsert)[] = [];
  for (const idea of batch) {
    if (!random.chance(ANNOTATED_SHARE)) continue;
    for (const user of random.sample(users, random.int(1, Math.min(4, users.length)))) {
      const created = new Date(Math.min(now, idea.created.getTime() + random.next() * 3 * DAY));
      const roll = random.next();
      annotationRows.push({
        userId: user.id,
        ideaId: idea.id,
        vote: roll < 0.55 ? 1 : roll < 0.7 ? -1 : 0,
        isBookmarked: random.chance(0.15),
        isHidden: random.chance(0.05),
        created,
        modified: created,
      });
    }
  }
  const annotations: { id: number; created: Date }[] = [];
  await insertAll(annotationRows, ROW_BATCH, async (chunk) => {
    const rows = await tx
      .insert(ideaAnnotations)
      .values(chunk)
      .returning({ id: ideaAnnotations.id, created: ideaAnnotations.created });
    annotations.push(...rows);
  });

  const reactionRows: (typeof ideaReactions.$inferInsert)[] = [];
  const commentRows: (typeof ideaComments.$inferInsert)[] = [];
  for (const annotation of annotations) {
    if (random.chance(REACTION_SHARE)) {
      for (const reactionType of random.sample(REACTION_TYPES, random.int(1, 2))) {
        const { created } = annotation;
        reactionRows.push({
          annotationId: annotation.id,
          reactionType,
          created,
          modified: created,
        });
      }
    }
    if (random.chance(COMMENT_SHARE)) {
      const created = new Date(Math.min(now, annotation.created.getTime() + random.next() * DAY));
      commentRows.push({
        annotationId: annotation.id,
        text: commentText(random),
        created,
        modified: created,
      });
    }
  }
  await insertAll(reactionRows, ROW_BATCH, (chunk) => tx.insert(ideaReactions).values(chunk));
  await insertAll(commentRows, ROW_BATCH, (chunk) => tx.insert(ideaComments).values(chunk));
  return {
    annotations: annotations.length,
    reactions: reactionRows.length,
    comments: commentRows.length,
  };
}

/**
 * Fills the database with demo data: users through the users service, then projects,
 * brainstorms, ideas and their reviews in one transaction, in multi-row INSERTs. The review
 * aggregates on ideas are left to the database's triggers, as in normal use.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const random = new Random(options.seed);
  const now = Date.now();
  const { password, newUsers, users } = await seedUsers(db, random, options.users);
  const result: SeedResult = {
    password,
    newUsers,
    users: users.length,
    projects: 0,
    brainstorms: 0,
    ideas: 0,
    annotations: 0,
    reactions: 0,
    comments: 0,
  };

  await db.transaction(async (tx) => {
    const projectRows = Array.from({ length: Math.ceil(options.brainstorms / 10) }, (_, i) => {
      const problem = at(PROBLEMS, i % PROBLEMS.length);
      return {
        name: `${problem.title}${i < PROBLEMS.length ? '' : ` ${Math.floor(i / PROBLEMS.length) + 1}`}`,
        description: problem.problem,
        createdBy: random.pick(users).id,
        created: new Date(now - 200 * DAY),
      };
    });
    const projectIds: number[] = [];
    await insertAll(projectRows, ROW_BATCH, async (chunk) => {
      const rows = await tx.insert(projects).values(chunk).returning({ id: projects.id });
      projectIds.push(...rows.map((row) => row.id));
    });
    result.projects = projectIds.length;

    const plans = Array.from({ length: options.brainstorms }, (_, i) => {
      const type = at(BRAINSTORM_TYPES, i % BRAINSTORM_TYPES.length);
      const problem = random.pick(PROBLEMS);
      const created = new Date(now - random.int(30, 180) * DAY - random.int(0, DAY));
      return { type, problem, created };
    });
    const brainstormRows = plans.map(({ type, problem, created }) => ({
      ...brainstormText(random, problem, type.display_name),
      type: type.value,
      parameters: { problem: problem.problem, themes: problem.themes, type: type.value },
      projectId: random.chance(0.7) ? random.pick(projectIds) : null,
      createdBy: random.pick(users).id,
      created,
      modified: created,
    }));
    const brainstormIds: number[] = [];
    await insertAll(brainstormRows, ROW_BATCH, async (chunk) => {
      const rows = await tx.insert(brainstorms).values(chunk).returning({ id: brainstorms.id });
      brainstormIds.push(...rows.map((row) => row.id));
    });
    result.brainstorms = brainstormIds.length;

    let pending: NewIdeaRow[] = [];
    const flush = async () => {
      const rows = await tx
        .insert(ideas)
        .values(pending)
        .returning({ id: ideas.id, created: ideas.created });
      pending = [];
      result.ideas += rows.length;
      const reviews = await seedReviews(tx, random, users, rows, now);
      result.annotations += reviews.annotations;
      result.reactions += reviews.reactions;
      result.comments += reviews.comments;
    };
    const counts = spread(random, options.ideas, plans.length);
    for (const [b, plan] of plans.entries()) {
      const brainstormId = at(brainstormIds, b);
      for (let i = 0; i < at(counts, b); i++) {
        const created = new Date(plan.created.getTime() + random.next() * 25 * DAY);
        const roll = random.next();
        pending.push({
          brainstormId,
          ...ideaText(random, plan.problem, plan.type.value),
          ...(roll < 0.85 ? provenance(random, plan.type.value) : NO_PROVENANCE),
          createdBy: roll >= 0.85 && roll < 0.95 ? random.pick(users).id : null,
          created,
          modified: created,
        });
        if (pending.length === IDEA_BATCH) await flush();
      }
    }
    if (pending.length > 0) await flush();
  });
  // What autovacuum does after a bulk load, at once (and PGlite has no autovacuum): statistics
  // for the planner, and the visibility map that lets index-only scans skip the table.
  await db.execute(sql`vacuum analyze`);
  return result;
}
