import { RawText, type BodySpec, type RequestSpec } from './openapi-arbitraries.js';

/** A generated request with its placeholders resolved: what is sent, and what mutations start from. */
export type ConcreteRequest = Omit<RequestSpec, 'mutation' | 'resend'>;

const OVERSIZED_BODY = `{"x":"${'x'.repeat(1_100_000)}"}`;

/** The address and body of a request for an operation's path, encoded as a client sends them. */
export function encodeRequest(
  pathTemplate: string,
  request: ConcreteRequest,
): { url: string; payload?: string; contentType?: string } {
  const path = pathTemplate.replace(/\{(\w+)\}/g, (_, name: string) =>
    pathSegment(request.path[name]),
  );
  const query = request.query
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? (value as unknown[]) : [value]).map(
        (v) => `${urlValue(key)}=${urlValue(v)}`,
      ),
    )
    .join('&');
  return { url: query ? `${path}?${query}` : path, ...payloadOf(request.body) };
}

/**
 * Percent-encodes text as a browser would; a lone surrogate, which has no UTF-8 form,
 * becomes the three bytes a naive encoder writes for it.
 */
function urlText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0xd800 || code > 0xdfff) {
      out += encodeURIComponent(char);
      continue;
    }
    for (const byte of [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]) {
      out += `%${byte.toString(16).toUpperCase()}`;
    }
  }
  return out;
}

/** A path parameter; '.' or '..' would be resolved away by any client, so it is kept a value. */
function pathSegment(value: unknown): string {
  const text = urlValue(value);
  return /^(\.|%2e){1,2}$/i.test(text) ? `${text}x` : text;
}

function urlValue(value: unknown): string {
  if (value instanceof RawText) return value.text;
  if (typeof value === 'string') return urlText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return urlText(String(value));
  return urlText(JSON.stringify(value));
}

function payloadOf(body: BodySpec): { payload?: string; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { payload: JSON.stringify(body.value), contentType: body.contentType };
    case 'text':
      return body.contentType === null
        ? { payload: body.text }
        : { payload: body.text, contentType: body.contentType };
    case 'oversized':
      return { payload: OVERSIZED_BODY, contentType: body.contentType };
  }
}
