import type { components } from '@/lib/api/schema';

/**
 * The id of an annotation, reaction or comment made here before the server has answered for it
 * (spec 3). A string, where the server's ids are numbers: the compiler keeps it out of requests.
 */
export type TempId = `temp-${string}`;

/** An idea, and the caller's annotation, as the server answers them: every id a number. */
export type ServerIdea = components['schemas']['Idea'];
export type ServerAnnotation = components['schemas']['IdeaAnnotation'];

/** A reaction as the cache holds it: one made here has a temporary id until the server answers. */
export interface IdeaReaction extends Omit<components['schemas']['IdeaReaction'], 'id'> {
  id: number | TempId;
}

/**
 * The caller's annotation as the cache holds it: one made here has a temporary id, and no owner
 * yet (`user: null`), until the server answers.
 */
export interface IdeaAnnotation extends Omit<ServerAnnotation, 'id' | 'user' | 'reactions'> {
  id: number | TempId;
  user: number | null;
  reactions: IdeaReaction[];
}

/** An idea as the app holds it: the server's, with the caller's annotation as the cache has it. */
export interface Idea extends Omit<ServerIdea, 'annotation' | 'user_annotation'> {
  /** The same as user_annotation. */
  annotation?: IdeaAnnotation | null;
  /** With with_annotations: the caller's annotation, or null. */
  user_annotation?: IdeaAnnotation | null;
}
