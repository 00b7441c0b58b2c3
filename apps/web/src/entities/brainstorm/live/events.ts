import type { components } from '@/lib/api/schema';

/*
 * The events of `GET /api/brainstorms/{id}/events/`, as decision 026 lists them. They mirror
 * the server's own definitions, which the API's generated types do not carry: a change to
 * either side's must be made to the other.
 */

/** The brainstorm's pages a stream says it is opened for (`?on=`). */
export type PresencePlace = 'brainstorm' | 'review' | 'themes' | 'matrix' | 'ranking';

/** Who has the brainstorm open, and the pages their tabs are on (none said: empty). */
export interface PresenceUser {
  id: number;
  name: string;
  on?: PresencePlace[];
}

type ReactionCounts = components['schemas']['Idea']['reaction_counts'];
type GenerationStatus = components['schemas']['Generation']['status'];
type AnalysisKind = components['schemas']['Analysis']['kind'];
type AnalysisStatus = components['schemas']['Analysis']['status'];

/** An idea's shared totals, the new values (never deltas). Hidden ones are null. */
export interface IdeaTotals {
  id: number;
  votes: number | null;
  reaction_counts: ReactionCounts | null;
  comments_count: number | null;
  totals_hidden: boolean;
  duplicates_count: number;
  duplicate_of: number | null;
  content_changed: boolean;
}

export interface TeamComment {
  id: number;
  text: string;
  created: string;
  modified: string;
  author: PresenceUser;
}

export interface GenerationProgressEvent {
  id: number;
  status: GenerationStatus;
  requested: number;
  succeeded: number;
  failed: number;
  stacked: number;
  input_tokens: number;
  output_tokens: number;
}

/** A sense-making run's progress, as `analysis.updated` carries it. */
export interface AnalysisProgressEvent {
  id: number;
  kind: AnalysisKind;
  status: AnalysisStatus;
  calls_made: number;
  calls_planned: number;
  applied: boolean;
  /** The repeats check that starts by itself, not a run someone asked for. */
  automatic: boolean;
}

export interface LiveEventData {
  ready: { resumed: boolean; presence: PresenceUser[] };
  reset: Record<string, never>;
  'ideas.created': { count: number; ideas: { id: number; duplicate_of: number | null }[] };
  'ideas.deleted': { count: number; ids: number[] };
  'idea.updated': IdeaTotals;
  'comment.created': { idea: number; comment: TeamComment };
  'comment.updated': { idea: number; comment: TeamComment };
  'comment.deleted': { idea: number; id: number };
  'brainstorm.updated': { id: number };
  'brainstorm.deleted': { id: number };
  'generation.updated': GenerationProgressEvent;
  'analysis.updated': AnalysisProgressEvent;
  'themes.changed': { brainstorm: number };
  presence: { users: PresenceUser[] };
}

export type LiveEventName = keyof LiveEventData;

export type LiveEvent = {
  [Name in LiveEventName]: { type: Name; data: LiveEventData[Name] };
}[LiveEventName];

const names = new Set<string>([
  'ready',
  'reset',
  'ideas.created',
  'ideas.deleted',
  'idea.updated',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'brainstorm.updated',
  'brainstorm.deleted',
  'generation.updated',
  'analysis.updated',
  'themes.changed',
  'presence',
] satisfies LiveEventName[]);

/**
 * The event a message carries, or null for one this app does not know (a newer server's) or
 * whose data is not JSON. The server is trusted for the shapes, as for every other answer.
 */
export function parseLiveEvent(message: { event?: string; data: string }): LiveEvent | null {
  const type = message.event;
  if (type === undefined || !names.has(type)) return null;
  try {
    const data: unknown = JSON.parse(message.data);
    if (typeof data !== 'object' || data === null) return null;
    return { type, data } as LiveEvent;
  } catch {
    return null;
  }
}
