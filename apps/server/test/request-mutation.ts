import fc from 'fast-check';
import { FAR_DATES, hostileValue } from './hostile-values.js';

/** A hostile change to one value of a request: a string poisoned where it is, or a replacement. */
export type Hazard = { poison: string; at: number } | { value: unknown };

/**
 * One value of an earlier successful request made hostile: the rest of it is known to pass
 * validation and reach the database, so the hostile value gets there too.
 */
export interface Mutation {
  /** Which earlier success to start from (modulo how many there are). */
  base: number;
  /** Which value of it to change (modulo how many it has). */
  leaf: number;
  hazard: Hazard;
}

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  base: fc.nat(),
  leaf: fc.nat(),
  hazard: fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        poison: fc.constantFrom('\u0000', '\u0000', '\ud800', '\udfff'),
        at: fc.nat(),
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom(...FAR_DATES).map((value) => ({ value })) },
    { weight: 2, arbitrary: hostileValue.map((value) => ({ value })) },
  ),
});

interface Mutable {
  path: Record<string, unknown>;
  query: [unknown, unknown][];
  body: { kind: string; value?: unknown };
}

const isContainer = (value: unknown): value is object =>
  Array.isArray(value) ||
  (typeof value === 'object' &&
    value !== null &&
    [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null));

/** Every path to a non-container value, depth first. */
function leaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (!isContainer(value)) return value === undefined ? [] : [at];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, [...at, Array.isArray(value) ? Number(key) : key]),
  );
}

function replaced(
  value: unknown,
  at: (string | number)[],
  change: (old: unknown) => unknown,
): unknown {
  const [head, ...rest] = at;
  if (head === undefined) return change(value);
  if (Array.isArray(value)) {
    return (value as unknown[]).map((child, i) =>
      i === head ? replaced(child, rest, change) : child,
    );
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaced(record[head], rest, change) };
}

function applyHazard(old: unknown, hazard: Hazard): unknown {
  if ('value' in hazard) return hazard.value;
  const text = typeof old === 'string' ? old : JSON.stringify(old);
  const at = hazard.at % (text.length + 1);
  return text.slice(0, at) + hazard.poison + text.slice(at);
}

/** The request with one of its values (path, query or JSON body) changed by the hazard. */
export function mutate<T extends Mutable>(request: T, { leaf, hazard }: Mutation): T {
  const values = {
    path: request.path,
    query: request.query.map(([, value]) => value),
    body: request.body.kind === 'json' ? request.body.value : undefined,
  };
  const all = leaves(values);
  const target = all[leaf % Math.max(all.length, 1)];
  if (!target) return request;
  const changed = replaced(values, target, (old) => applyHazard(old, hazard)) as typeof values;
  return {
    ...request,
    path: changed.path,
    query: request.query.map(([name], i) => [name, changed.query[i]]),
    body: request.body.kind === 'json' ? { ...request.body, value: changed.body } : request.body,
  };
}
