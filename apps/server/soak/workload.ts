import { setTimeout as sleep } from 'node:timers/promises';
import { REACTION_TYPES, type ReactionType } from '../src/db/schema/annotations.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import { Random } from '../src/seed/random.js';

/** Where the server is now; a restarted one listens on the same address. */
export interface Target {
  url: string;
}

/** What one user's acknowledged writes say about one idea; a field is null while unknown. */
export interface Review {
  /** Null after a vote whose answer never came: it may or may not have been applied. */
  vote: number | null;
  bookmarked: boolean | null;
  /** Acknowledged reactions by type, with their ids. */
  reactions: Map<ReactionType, number>;
  /** Set once a reaction write went unanswered: its reactions are not checked any more. */
  reactionsUnknown: boolean;
}

export interface Tally {
  sent: number;
  acknowledged: number;
  /** No answer (the server was down or went down) or 503: the write may or may not exist. */
  unanswered: number;
  /** Any other answer than the one the write should get: each is a failure. */
  failures: string[];
}

export interface Reviewer {
  email: string;
  password: string;
  token: string | null;
  /** Where the reviewer's requests come from (X-Forwarded-For): each reviewer has a machine. */
  address: string;
  reviews: Map<number, Review>;
  /** Comments acknowledged (their ids and ideas), and comment posts left unanswered. */
  comments: { id: number; ideaId: number }[];
  unansweredComments: number;
}

type Answer = { status: number; body: unknown } | null;

/**
 * Sends one request as a user, signing in first (and again when the token has expired). Null
 * when no answer came: the connection was refused or cut, or the service was unavailable.
 */
export async function send(
  target: Target,
  user: Pick<Reviewer, 'email' | 'password' | 'token' | 'address'>,
  method: string,
  path: string,
  body: object | null = null,
): Promise<Answer> {
  const from = { 'x-forwarded-for': user.address };
  try {
    if (!user.token) {
      const signIn = await fetch(`${target.url}/api/auth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      if (signIn.status !== 200) return signIn.status >= 500 ? null : await answerOf(signIn);
      user.token = ((await signIn.json()) as { access: string }).access;
    }
    const response = await fetch(target.url + path, {
      method,
      headers: {
        ...from,
        authorization: `Bearer ${user.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : null,
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status === 401) {
      user.token = null;
      return await send(target, user, method, path, body);
    }
    if (response.status === 503) return null;
    return await answerOf(response);
  } catch {
    return null;
  }
}

async function answerOf(response: Response) {
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/**
 * One reviewer's writes, one after another until `until` says stop: votes, bookmarks,
 * reactions and comments on random ideas. The reviewer's model of each idea changes only on
 * an acknowledged write; a write left unanswered makes its field unknown until the next
 * acknowledged one.
 */
export async function review(
  target: Target,
  reviewer: Reviewer,
  ideaIds: readonly number[],
  seed: number,
  tally: Tally,
  running: () => boolean,
) {
  const random = new Random(seed);
  while (running()) {
    const ideaId = random.pick(ideaIds);
    let model = reviewer.reviews.get(ideaId);
    if (!model) {
      model = { vote: 0, bookmarked: false, reactions: new Map(), reactionsUnknown: false };
      reviewer.reviews.set(ideaId, model);
    }
    const current = model;
    const write = async (method: string, path: string, body: object | null, wanted: number) => {
      tally.sent++;
      const answer = await send(target, reviewer, method, path, body);
      if (answer === null) {
        tally.unanswered++;
        // Not hammering a server that is down.
        await sleep(200);
        return undefined;
      }
      if (answer.status !== wanted) {
        tally.failures.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
        return undefined;
      }
      tally.acknowledged++;
      return answer;
    };
    const kind = random.int(0, 3);
    if (kind === 0) {
      const vote = random.pick([-1, 0, 1]);
      const answer = await write('POST', `/api/ideas/${ideaId}/annotate/`, { vote }, 200);
      current.vote = answer ? vote : null;
    } else if (kind === 1) {
      const bookmarked = current.bookmarked !== true;
      const body = { is_bookmarked: bookmarked };
      const answer = await write('POST', `/api/ideas/${ideaId}/annotate/`, body, 200);
      current.bookmarked = answer ? bookmarked : null;
    } else if (kind === 2 && !current.reactionsUnknown) {
      const type = random.pick(REACTION_TYPES);
      const id = current.reactions.get(type);
      if (id === undefined) {
        const body = { idea_id: ideaId, reaction_type: type };
        const answer = await write('POST', '/api/idea-annotations/reactions/', body, 201);
        if (answer) current.reactions.set(type, (answer.body as { id: number }).id);
        else current.reactionsUnknown = true;
      } else {
        const answer = await write('DELETE', `/api/idea-annotations/reactions/${id}/`, null, 204);
        if (answer) current.reactions.delete(type);
        else current.reactionsUnknown = true;
      }
    } else {
      const body = { idea_id: ideaId, text: `Soak comment by ${reviewer.email}` };
      const answer = await write('POST', '/api/idea-annotations/comments/', body, 201);
      if (answer) reviewer.comments.push({ id: (answer.body as { id: number }).id, ideaId });
      else reviewer.unansweredComments++;
    }
  }
}

/** Generations started and acknowledged (202), by id. */
export interface GenerationLog {
  requested: Map<number, number>;
  sent: number;
  unanswered: number;
  failures: string[];
}

/** Starts a generation of `ideas` ideas every `everyMs` while running. */
export async function generate(
  target: Target,
  user: Pick<Reviewer, 'email' | 'password' | 'token' | 'address'>,
  brainstormId: number,
  log: GenerationLog,
  running: () => boolean,
  { ideas = 3, everyMs = 2000 } = {},
) {
  while (running()) {
    log.sent++;
    const answer = await send(
      target,
      user,
      'POST',
      `/api/brainstorms/${brainstormId}/brainstorm/`,
      {
        num_workers: ideas,
        worker_params: Array.from({ length: ideas }, () => ({
          provider: 'openai_compatible',
          model: 'fake-model',
        })),
      },
    );
    if (answer === null) log.unanswered++;
    else if (answer.status === 202) {
      log.requested.set((answer.body as GenerationDto).id, ideas);
    } else log.failures.push(`generation: ${answer.status} ${JSON.stringify(answer.body)}`);
    await sleep(everyMs);
  }
}
