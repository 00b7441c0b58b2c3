import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Unlisten } from '../../db/notifications.js';
import { HttpError, notFound } from '../../lib/errors.js';
import type { IdeaCommentDto } from '../ideas/ideas.schemas.js';
import { findComment } from '../ideas/ideas.service.js';
import {
  eventText,
  project,
  type LiveEvent,
  type PresenceUser,
  type StreamViewer,
  type ViewerState,
} from './live-events.js';
import {
  LIVE_CHANNEL,
  PRESENCE_PLACES,
  parseNote,
  type BrainstormNote,
  type LiveNote,
  type PresencePlace,
} from './live-notes.js';
import { viewerStart } from './live.repository.js';

/** Where one stream's text goes. `write` answers false when the reader is too far behind. */
export interface StreamSink {
  write(text: string): boolean;
  end(): void;
}

/** A stream admitted under the limits, for a brainstorm that is there, not yet sending. */
export interface Admission {
  /** Starts sending: what was missed since `lastEventId` when it is still held, then `ready`. */
  attach(sink: StreamSink, lastEventId?: string): Promise<OpenStream>;
  /** Gives the place back when the stream never started. */
  release(): void;
}

export interface OpenStream {
  close(): void;
}

/**
 * What a stream was opened with. It ends when that stops being valid: at its expiry; a web
 * session's when its user is deactivated or their session version changes (a new password,
 * sessions ended); a personal token's when it is revoked or its owner deactivated.
 */
export type StreamCredential =
  | { kind: 'session'; sessionVersion: number; expiresAt: number }
  | { kind: 'personal'; tokenId: number; expiresAt: number | null };

export interface LiveHub {
  /** 404 for a brainstorm that is not there, 429 beyond the limits. */
  admit(
    brainstormId: number,
    viewer: StreamViewer,
    credential: StreamCredential,
  ): Promise<Admission>;
  /** Streams open in this process. */
  openStreams(): number;
  stop(): Promise<void>;
}

export interface LiveHubOptions {
  database: Database;
  config: LiveConfig;
  log: FastifyBaseLogger;
  /** How many notes are held for streams that reconnect with `Last-Event-ID`. */
  replayWindow?: number;
}

interface Stream {
  brainstormId: number;
  viewer: StreamViewer;
  credential: StreamCredential;
  state: ViewerState;
  sink: StreamSink;
  expiry?: NodeJS.Timeout;
}

interface Room {
  streams: Set<Stream>;
  blind: boolean;
  /** The presence last sent, as JSON, so an unchanged list is not sent again. */
  presenceSent: string;
}

interface Held {
  seq: number;
  note: BrainstormNote;
  comment?: Promise<IdeaCommentDto | null>;
}

/** Who has a brainstorm open in another process, as that process last said. */
interface RemotePresence {
  users: PresenceUser[];
  expires: number;
}

const DEFAULT_REPLAY_WINDOW = 4096;
/** A process that stops re-announcing its viewers (it died) is forgotten after three rounds. */
const PRESENCE_ROUNDS_KEPT = 3;
/**
 * How many bytes of viewers one announcement names: PostgreSQL refuses a payload of 8,000 bytes
 * or more. Past it (a hundred viewers or so on one process), the others go unnamed.
 */
const PRESENCE_BYTES = 7000;
/** The longest wait a timer takes (about 24.8 days); a personal token may live a year. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Who is here, each once, with every page they are on, in the pages' order. */
function mergePresence(
  viewers: Iterable<{ id: number; name: string; on: readonly PresencePlace[] }>,
) {
  const users = new Map<number, { id: number; name: string; on: Set<PresencePlace> }>();
  for (const { id, name, on } of viewers) {
    const user = users.get(id) ?? { id, name, on: new Set<PresencePlace>() };
    for (const place of on) user.on.add(place);
    users.set(id, user);
  }
  return [...users.values()].map(({ id, name, on }): PresenceUser => ({
    id,
    name,
    on: PRESENCE_PLACES.filter((place) => on.has(place)),
  }));
}

/** Whether a change to the user ends a stream: a session's ends with its version. */
const endedBy = (note: Extract<LiveNote, { k: 'user' }>, { credential, viewer }: Stream) =>
  viewer.id === note.u &&
  (!note.a || (credential.kind === 'session' && credential.sessionVersion !== note.v));

/**
 * The live streams of this process (decision 026). Every note the database announces is heard
 * once here, in commit order, numbered, held in a bounded window for reconnecting streams, and
 * projected for each viewer of its brainstorm. Presence travels the same channel between
 * processes. Notes are handled one at a time, so every stream sees them in the same order.
 */
export async function startLiveHub({
  database,
  config: { streamsPerUser, streamsPerProcess, keepAliveMs },
  log,
  replayWindow = DEFAULT_REPLAY_WINDOW,
}: LiveHubOptions): Promise<LiveHub> {
  /** This process's name in event ids and presence: ids from another process never resume here. */
  const processId = randomBytes(6).toString('base64url');
  let seq = 0;
  let held: Held[] = [];
  const rooms = new Map<number, Room>();
  const remote = new Map<number, Map<string, RemotePresence>>();
  const streamsOfUser = new Map<number, number>();
  let streamCount = 0;
  let stopped = false;
  let queue = Promise.resolve();

  const enqueue = (task: () => Promise<void> | void) => {
    queue = queue.then(task).catch((error: unknown) => {
      log.error({ err: error }, 'live update failed');
    });
    return queue;
  };
  const idOf = (n: number) => `${processId}.${n}`;

  const send = (stream: Stream, text: string) => {
    if (!stream.sink.write(text)) closeStream(stream);
  };

  const commentOf = (entry: Held) => {
    const { note } = entry;
    if (note.k !== 'comment+' && note.k !== 'comment~') return null;
    entry.comment ??= findComment(database.db, note.m).catch(() => null);
    return entry.comment;
  };

  const deliver = async (stream: Stream, entry: Held, blind: boolean) => {
    const event = project(entry.note, stream.state, blind, await commentOf(entry));
    if (event) send(stream, eventText(event, idOf(entry.seq)));
  };

  // Presence: this process's viewers of a brainstorm, and the other processes' as announced.
  const localViewers = (brainstormId: number): PresenceUser[] =>
    mergePresence(
      [...(rooms.get(brainstormId)?.streams ?? [])].map(({ viewer: { id, name, on } }) => ({
        id,
        name,
        on: on ? [on] : [],
      })),
    );

  const presenceOf = (brainstormId: number): PresenceUser[] => {
    const announced = [...(remote.get(brainstormId)?.values() ?? [])].flatMap(({ users }) => users);
    return mergePresence([...localViewers(brainstormId), ...announced]).sort(
      (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
    );
  };

  const announce = (brainstormId: number) => {
    const users: [number, string, ...PresencePlace[]][] = [];
    let bytes = 0;
    for (const user of localViewers(brainstormId)) {
      const entry: [number, string, ...PresencePlace[]] = [user.id, user.name, ...user.on];
      bytes += Buffer.byteLength(JSON.stringify(entry)) + 1;
      if (bytes > PRESENCE_BYTES) break;
      users.push(entry);
    }
    const note = { k: 'presence', b: brainstormId, p: processId, users };
    database
      .executeSql('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(note)])
      .catch((error: unknown) => {
        log.warn({ err: error }, 'presence not announced');
      });
  };

  const sendPresence = (brainstormId: number) => {
    const room = rooms.get(brainstormId);
    if (!room) return;
    const users = presenceOf(brainstormId);
    const text = JSON.stringify(users);
    if (text === room.presenceSent) return;
    room.presenceSent = text;
    for (const stream of room.streams)
      send(stream, eventText({ event: 'presence', data: { users } }));
  };

  const heardPresence = (note: Extract<LiveNote, { k: 'presence' }>) => {
    if (note.p === processId) return;
    const processes = remote.get(note.b) ?? new Map<string, RemotePresence>();
    const isNew = !processes.has(note.p);
    if (note.users.length === 0) processes.delete(note.p);
    else {
      processes.set(note.p, {
        users: note.users.map(([id, name, ...on]) => ({ id, name, on })),
        expires: Date.now() + keepAliveMs * PRESENCE_ROUNDS_KEPT,
      });
    }
    if (processes.size > 0) remote.set(note.b, processes);
    else remote.delete(note.b);
    // A process new to the brainstorm hears of this one's viewers now, not a round later.
    if (isNew && note.users.length > 0 && rooms.has(note.b)) announce(note.b);
    sendPresence(note.b);
  };

  /** A stream's place under the limits, given back. */
  const giveBack = (userId: number) => {
    streamCount -= 1;
    const mine = (streamsOfUser.get(userId) ?? 1) - 1;
    if (mine > 0) streamsOfUser.set(userId, mine);
    else streamsOfUser.delete(userId);
  };

  const closeStream = (stream: Stream) => {
    clearTimeout(stream.expiry);
    const room = rooms.get(stream.brainstormId);
    if (!room?.streams.delete(stream)) return;
    stream.sink.end();
    giveBack(stream.viewer.id);
    if (room.streams.size === 0) rooms.delete(stream.brainstormId);
    // Who is here, or on which page, may have changed: the others hear of it if it did.
    announce(stream.brainstormId);
    sendPresence(stream.brainstormId);
  };

  const allStreams = () => [...rooms.values()].flatMap((room) => [...room.streams]);

  /** Ends the stream when its credential expires, waiting in steps a timer can take. */
  const closeAtExpiry = (stream: Stream) => {
    const { expiresAt } = stream.credential;
    if (expiresAt === null) return;
    const wait = Math.max(0, expiresAt - Date.now());
    stream.expiry = setTimeout(
      () => {
        if (wait > LONGEST_TIMER_MS) closeAtExpiry(stream);
        else
          void enqueue(() => {
            closeStream(stream);
          });
      },
      Math.min(wait, LONGEST_TIMER_MS),
    ).unref();
  };

  const handle = async (note: LiveNote) => {
    if (note.k === 'user') {
      for (const stream of allStreams()) if (endedBy(note, stream)) closeStream(stream);
      return;
    }
    if (note.k === 'token') {
      for (const stream of allStreams()) {
        if (stream.credential.kind === 'personal' && stream.credential.tokenId === note.t) {
          closeStream(stream);
        }
      }
      return;
    }
    if (note.k === 'presence') {
      heardPresence(note);
      return;
    }
    seq += 1;
    const entry: Held = { seq, note };
    held.push(entry);
    if (held.length > replayWindow) held = held.slice(held.length - replayWindow);
    const room = rooms.get(note.b);
    if (!room) return;
    if (note.k === 'brainstorm') room.blind = note.blind;
    for (const stream of room.streams) await deliver(stream, entry, room.blind);
    if (note.k === 'brainstorm-') for (const stream of [...room.streams]) closeStream(stream);
  };

  const unlisten: Unlisten = await database.listen(LIVE_CHANNEL, {
    onPayload(payload) {
      const note = parseNote(payload);
      if (note) void enqueue(() => handle(note));
      else log.warn({ payload: payload.slice(0, 200) }, 'unknown live note');
    },
    onGap() {
      void enqueue(() => {
        // What was announced while the connection was down is gone: nobody resumes across it.
        held = [];
        const reset = eventText({ event: 'reset', data: {} }, idOf(seq));
        for (const stream of allStreams()) send(stream, reset);
      });
    },
  });

  const ticker = setInterval(() => {
    const now = Date.now();
    for (const [brainstormId, processes] of remote) {
      let changed = false;
      for (const [id, announced] of processes) {
        if (announced.expires < now) changed = processes.delete(id);
      }
      if (processes.size === 0) remote.delete(brainstormId);
      if (changed) sendPresence(brainstormId);
    }
    for (const [brainstormId, room] of rooms) {
      announce(brainstormId);
      for (const stream of [...room.streams]) send(stream, ': keep-alive\n\n');
    }
  }, keepAliveMs).unref();

  /** Whether every note after `lastEventId` is still held. */
  const resumableAfter = (lastEventId: string | undefined): number | null => {
    const [process, n] = lastEventId?.split('.') ?? [];
    const after = Number(n);
    if (process !== processId || !Number.isSafeInteger(after) || after > seq) return null;
    const oldest = held[0]?.seq ?? seq + 1;
    return after >= oldest - 1 ? after : null;
  };

  const tooMany = (detail: string) => new HttpError(429, detail);

  return {
    async admit(brainstormId, viewer, credential) {
      if (stopped) throw new HttpError(503, 'This server is shutting down: try again.');
      if ((streamsOfUser.get(viewer.id) ?? 0) >= streamsPerUser) {
        throw tooMany(
          `You have ${streamsPerUser} live streams open, the most one member may: ` +
            'close a tab or two.',
        );
      }
      if (streamCount >= streamsPerProcess) {
        throw tooMany(
          `This server holds ${streamsPerProcess} live streams, the most it may: ` +
            'try again soon.',
        );
      }
      // The place is taken before the first wait, so two requests at once cannot both slip in.
      streamCount += 1;
      streamsOfUser.set(viewer.id, (streamsOfUser.get(viewer.id) ?? 0) + 1);
      let taken = true;
      const release = () => {
        if (!taken) return;
        taken = false;
        giveBack(viewer.id);
      };
      const start = await viewerStart(database.db, brainstormId, viewer.id).catch(
        (error: unknown) => {
          release();
          throw error;
        },
      );
      if (!start) {
        release();
        throw notFound();
      }
      return {
        release,
        attach(sink, lastEventId) {
          const stream: Stream = {
            brainstormId,
            viewer,
            credential,
            sink,
            state: { userId: viewer.id, reviewed: new Set(start.reviewed) },
          };
          const open = {
            close: () =>
              void enqueue(() => {
                closeStream(stream);
              }),
          };
          return enqueue(async () => {
            if (!taken || stopped) {
              release();
              sink.end();
              return;
            }
            // From here the place belongs to the stream: closing it gives it back.
            taken = false;
            const room = rooms.get(brainstormId) ?? {
              streams: new Set<Stream>(),
              blind: start.blindReview,
              presenceSent: '',
            };
            const after = resumableAfter(lastEventId);
            if (after !== null) {
              for (const entry of held) {
                if (entry.seq > after && entry.note.b === brainstormId) {
                  await deliver(stream, entry, room.blind);
                }
              }
            }
            rooms.set(brainstormId, room);
            room.streams.add(stream);
            closeAtExpiry(stream);
            const users = presenceOf(brainstormId);
            const ready: LiveEvent = {
              event: 'ready',
              data: { resumed: after !== null, presence: users },
            };
            send(stream, eventText(ready, idOf(seq)));
            announce(brainstormId);
            const text = JSON.stringify(users);
            if (text !== room.presenceSent) {
              room.presenceSent = text;
              for (const other of room.streams) {
                if (other !== stream)
                  send(other, eventText({ event: 'presence', data: { users } }));
              }
            }
          }).then(() => open);
        },
      };
    },
    openStreams: () => streamCount,
    async stop() {
      stopped = true;
      clearInterval(ticker);
      await enqueue(() => {
        for (const stream of allStreams()) closeStream(stream);
      });
      await unlisten();
    },
  };
}
