import { REACTION_TYPES } from '../../db/schema/annotations.js';
import type { IdeaCommentDto } from '../ideas/ideas.schemas.js';
import type { BrainstormNote, PresencePlace, TotalsNote } from './live-notes.js';

/** One event of the stream, as the client reads it (decision 026 lists them). */
export interface LiveEvent {
  event: string;
  data: unknown;
}

/** Who has a brainstorm open, and on which of its pages (one entry per tab's page, in order). */
export interface PresenceUser {
  id: number;
  name: string;
  on: PresencePlace[];
}

/** The viewer of one stream: who, and the page it was opened for, when it said. */
export interface StreamViewer {
  id: number;
  name: string;
  on?: PresencePlace;
}

/** What the server knows of one viewer while it projects notes for them. */
export interface ViewerState {
  userId: number;
  /** The ideas of the brainstorm the viewer has an annotation on: blind review shows them. */
  reviewed: Set<number>;
}

/** What a viewer sees of an idea's totals: the values, or that they are withheld. */
function ideaUpdated(note: TotalsNote, hidden: boolean, contentChanged: boolean): LiveEvent {
  const shared = {
    id: note.i,
    duplicates_count: note.d,
    duplicate_of: note.o,
    content_changed: contentChanged,
  };
  if (hidden) {
    return {
      event: 'idea.updated',
      data: {
        ...shared,
        votes: null,
        reaction_counts: null,
        comments_count: null,
        totals_hidden: true,
      },
    };
  }
  return {
    event: 'idea.updated',
    data: {
      ...shared,
      votes: note.v,
      reaction_counts: Object.fromEntries(REACTION_TYPES.map((type, n) => [type, note.r[n]])),
      comments_count: note.c,
      totals_hidden: false,
    },
  };
}

/**
 * What one viewer sees of a note, or null for nothing. It never carries another user's
 * annotation: a viewer's own annotation changes only what they may see (blind review), and a
 * blind brainstorm's totals and comments reach a viewer only for the ideas they reviewed.
 * A note of the viewer's own annotation updates `state` as it goes.
 */
export function project(
  note: BrainstormNote,
  state: ViewerState,
  blind: boolean,
  comment: IdeaCommentDto | null,
): LiveEvent | null {
  const withheld = (ideaId: number) => blind && !state.reviewed.has(ideaId);
  switch (note.k) {
    case 'ideas+':
      return {
        event: 'ideas.created',
        data: { count: note.n, ideas: note.i.map(([id, of]) => ({ id, duplicate_of: of })) },
      };
    case 'ideas-':
      return { event: 'ideas.deleted', data: { count: note.n, ids: note.i } };
    case 'idea':
      return ideaUpdated(note, withheld(note.i), note.e);
    case 'annotation+':
    case 'annotation-': {
      if (note.u !== state.userId) return null;
      if (note.k === 'annotation+') state.reviewed.add(note.i);
      else state.reviewed.delete(note.i);
      return blind ? ideaUpdated(note, withheld(note.i), false) : null;
    }
    case 'comment+':
    case 'comment~':
      if (withheld(note.i) || !comment) return null;
      return {
        event: note.k === 'comment+' ? 'comment.created' : 'comment.updated',
        data: { idea: note.i, comment },
      };
    case 'comment-':
      return withheld(note.i)
        ? null
        : { event: 'comment.deleted', data: { idea: note.i, id: note.m } };
    case 'brainstorm':
      return { event: 'brainstorm.updated', data: { id: note.b } };
    case 'brainstorm-':
      return { event: 'brainstorm.deleted', data: { id: note.b } };
    case 'generation':
      return {
        event: 'generation.updated',
        data: {
          id: note.g,
          status: note.s,
          requested: note.q,
          succeeded: note.ok,
          failed: note.f,
          stacked: note.st,
          input_tokens: note.in,
          output_tokens: note.out,
        },
      };
    case 'analysis':
      return {
        event: 'analysis.updated',
        data: {
          id: note.a,
          kind: note.kind,
          status: note.s,
          calls_made: note.m,
          calls_planned: note.p,
          applied: note.ap,
          automatic: note.auto,
        },
      };
    case 'themes':
      return { event: 'themes.changed', data: { brainstorm: note.b } };
  }
}

/** One event as the stream's text: `id` (when it has one), `event` and one line of JSON. */
export function eventText(event: LiveEvent, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
