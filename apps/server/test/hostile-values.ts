import fc from 'fast-check';

/** Text PostgreSQL refuses: NUL anywhere, and lone surrogates in jsonb. */
const PG_HOSTILE_STRINGS = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\ud83d'];

// PostgreSQL keeps dates from 4713 BC to 294276 AD but has no year 0; JavaScript reaches further.
export const FAR_DATES = [
  '0000-01-01',
  '0000-12-31T23:59:59Z',
  '+275760-09-13',
  '-271821-04-20T00:00:00.000Z',
  '9999-12-31T23:59:59.999-14:00',
];

const HOSTILE_STRINGS = [
  ...PG_HOSTILE_STRINGS,
  ...FAR_DATES,
  '',
  ' ',
  '%',
  '%00',
  '_',
  '\\',
  "'; drop table users; --",
  '9999-12-31',
  '2024-02-30',
  '1e309',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  'null',
  '[]',
  '<script>alert(1)</script>',
  '\u202e\u0301',
  '𝕏'.repeat(300),
  'a'.repeat(100_001),
];

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1e308,
  -1e308,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  Number.MIN_VALUE,
];

/** Pieces of URL that a careless or hostile client sends as they are. */
export const RAW_URL_TEXT = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%2F',
  '1%00',
  '1;x',
  '%20',
  '+',
  '1'.repeat(200),
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constant(null),
  fc.boolean(),
  fc.string(),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Strings with a NUL or a lone surrogate put somewhere inside. */
export const poison = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.constantFrom(...PG_HOSTILE_STRINGS), fc.nat())
    .map(([s, bad, at]) => s.slice(0, at % (s.length + 1)) + bad + s.slice(at % (s.length + 1)));

export const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,]',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '"\\ud800"',
  '\ufeff{}',
];

/** JSON text of arrays nested `depth` deep: `[[[…]]]`, built as text (no stack needed). */
export const deepArrayJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** JSON text of objects nested `depth` deep: `{"a":{"a":…{}}}`. */
export const deepObjectJson = (depth: number) =>
  '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

/** An object with `keys` members, k0 to k(n-1). */
export const wideObject = (keys: number): Record<string, number> =>
  Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i]));

/**
 * Bodies whose shape, not their values, is the attack: nested deeper than any parser should
 * walk, or wider than any operation needs. The first once held the event loop for seconds.
 */
export const SHAPE_HOSTILE_BODIES = [
  `{"a":${deepArrayJson(6_000)}}`,
  deepObjectJson(3_000),
  deepArrayJson(100_000),
  JSON.stringify(wideObject(50_000)),
  JSON.stringify(Array.from({ length: 100_000 }, (_, i) => i)),
  JSON.stringify({ x: Array.from({ length: 20_000 }, () => '\u0000') }),
];
