import { isDeepStrictEqual } from 'node:util';

const kind = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/**
 * Where two JSON answers differ, as a path and the two values, or null when they are the same
 * (objects' keys in any order). With `shapeOnly`, only the keys and the kinds of values count:
 * for answers to writes, whose stamps and ids differ from one request to the next.
 */
export function sameAnswer(
  expected: unknown,
  actual: unknown,
  { shapeOnly = false }: { shapeOnly?: boolean } = {},
  path = '$',
): string | null {
  if (kind(expected) !== kind(actual)) {
    return `${path}: ${JSON.stringify(expected)} against ${JSON.stringify(actual)}`;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (!shapeOnly && expected.length !== actual.length) {
      return `${path}: ${expected.length} items against ${actual.length}`;
    }
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) {
      const difference = sameAnswer(expected[i], actual[i], { shapeOnly }, `${path}[${i}]`);
      if (difference !== null) return difference;
    }
    return null;
  }
  if (expected !== null && typeof expected === 'object') {
    const given = actual as Record<string, unknown>;
    const keys = new Set([...Object.keys(expected), ...Object.keys(given)]);
    for (const key of keys) {
      const difference = sameAnswer(
        (expected as Record<string, unknown>)[key],
        given[key],
        { shapeOnly },
        `${path}.${key}`,
      );
      if (difference !== null) return difference;
    }
    return null;
  }
  if (shapeOnly || isDeepStrictEqual(expected, actual)) return null;
  return `${path}: ${JSON.stringify(expected)} against ${JSON.stringify(actual)}`;
}
