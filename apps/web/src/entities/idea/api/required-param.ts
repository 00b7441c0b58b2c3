/** The API layer's refusal of a call without an id or body (spec 5 and 8). */
export function requireParam<Value>(
  value: Value | null | undefined,
  name: string,
  operation: string,
): Value {
  if (value === null || value === undefined) {
    throw new Error(`Required parameter ${name} was null or undefined when calling ${operation}`);
  }
  return value;
}

export const NO_IDEA_ID = 'No idea ID provided';

/** The hooks' refusal of an action on no idea (spec 5 and 8). */
export function requireIdeaId(ideaId: number | null | undefined) {
  if (!ideaId) throw new Error(NO_IDEA_ID);
  return ideaId;
}
