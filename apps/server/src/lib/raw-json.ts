import type { FastifyReply } from 'fastify';

/**
 * A JSON object's text from `fields`, and `raw` members whose values are JSON texts already (the
 * database built them): written in, not parsed and written again (decision 036).
 */
export function objectWithRawJson(
  fields: Record<string, unknown>,
  raw: Record<string, string>,
): string {
  const head = JSON.stringify(fields);
  const members = Object.entries(raw).map(([key, text]) => `${JSON.stringify(key)}:${text}`);
  if (members.length === 0) return head;
  return `${head.slice(0, -1)}${head === '{}' ? '' : ','}${members.join(',')}}`;
}

/** Sends JSON text as it is: Fastify passes a string with a JSON content type through. */
export const sendJsonText = (reply: FastifyReply, text: string) =>
  reply.type('application/json; charset=utf-8').send(text);
