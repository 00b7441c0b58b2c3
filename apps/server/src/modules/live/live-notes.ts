import { z } from 'zod';

/**
 * What the database announces on the live channel (migration 0015's triggers) and what the
 * server processes announce to each other (presence). Short keys keep them far below
 * PostgreSQL's 8,000-byte limit. These never leave the server as they are: `live-events.ts`
 * makes each one into what one viewer may see.
 */
export const LIVE_CHANNEL = 'ideaforge_live';

/** The pages of a brainstorm a viewer may say they are on. */
export const PRESENCE_PLACES = ['brainstorm', 'review', 'themes', 'matrix', 'ranking'] as const;
export type PresencePlace = (typeof PRESENCE_PLACES)[number];

const id = z.number().int();
/** The idea's shared totals as the row holds them. */
const totals = {
  v: z.number().int(),
  /** laugh, idea, surprised, thumbtack */
  r: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
  c: z.number().int(),
  d: z.number().int(),
  o: id.nullable(),
};

const noteSchema = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('ideas+'),
    b: id,
    n: z.number().int(),
    i: z.array(z.tuple([id, id.nullable()])),
  }),
  z.object({ k: z.literal('ideas-'), b: id, n: z.number().int(), i: z.array(id) }),
  z.object({ k: z.literal('idea'), b: id, i: id, e: z.boolean(), ...totals }),
  z.object({ k: z.enum(['annotation+', 'annotation-']), b: id, i: id, u: id, ...totals }),
  z.object({ k: z.enum(['comment+', 'comment~', 'comment-']), b: id, i: id, m: id }),
  z.object({ k: z.literal('brainstorm'), b: id, blind: z.boolean() }),
  z.object({ k: z.literal('brainstorm-'), b: id }),
  z.object({
    k: z.literal('generation'),
    b: id,
    g: id,
    s: z.string(),
    q: z.number().int(),
    ok: z.number().int(),
    f: z.number().int(),
    st: z.number().int(),
    in: z.number().int(),
    out: z.number().int(),
  }),
  /** A sense-making run was started, made a call, finished or was applied. */
  z.object({
    k: z.literal('analysis'),
    b: id,
    a: id,
    kind: z.string(),
    s: z.string(),
    m: z.number().int(),
    p: z.number().int(),
    ap: z.boolean(),
    /** Started by itself (repeats of ideas just stored), not by a person. */
    auto: z.boolean(),
  }),
  /** The brainstorm's themes, or the theme some of its ideas are in, changed. */
  z.object({ k: z.literal('themes'), b: id }),
  /** A user's session version or activity changed: `v` and `a` are the new ones. */
  z.object({ k: z.literal('user'), u: id, v: z.number().int(), a: z.boolean() }),
  /** A personal access token was revoked, deleted or given another expiry. */
  z.object({ k: z.literal('token'), t: id }),
  z.object({
    k: z.literal('presence'),
    b: id,
    /** The process announcing who has the brainstorm open there. */
    p: z.string(),
    /** Each viewer, and the pages they are on there (left out by a process that did not say). */
    users: z.array(z.tuple([id, z.string()]).rest(z.enum(PRESENCE_PLACES))),
  }),
]);

export type LiveNote = z.infer<typeof noteSchema>;
export type BrainstormNote = Exclude<LiveNote, { k: 'user' | 'token' | 'presence' }>;
export type TotalsNote = Extract<LiveNote, { k: 'idea' | 'annotation+' | 'annotation-' }>;

/** A payload heard on the channel, or null for one this version does not know. */
export function parseNote(payload: string): LiveNote | null {
  try {
    const parsed = noteSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
