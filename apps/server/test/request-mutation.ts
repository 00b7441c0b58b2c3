import fc from 'fast-check';
import { FAR_DATES, hostileValue } from './hostile-values.js';

/**
 * A change to one value of a request: a string poisoned where it is, a hostile replacement, or
 * the value a fresh valid request has in its place (left out when it has none there).
 */
export type Hazard = { poison: string; at: number } | { value: unknown } | { fresh: true };

/**
 * One value of an earlier successful request made hostile: the rest of it is known to pass
 * validation and reach the database, so the hostile value gets there too. Or one value taken
 * from a fresh valid request, which explores the operation around what is known to succeed.
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
    { weight: 4, arbitrary: fc.constant({ fresh: true as const }) },
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

/** Marks a value to leave out. */
const LEFT_OUT = Symbol('left out');

function withoutLeftOut(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== LEFT_OUT).map(withoutLeftOut);
  if (!isContainer(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== LEFT_OUT)
      .map(([k, v]) => [k, withoutLeftOut(v)]),
  );
}

function valueAt(value: unknown, at: (string | number)[]): unknown {
  let current = value;
  for (const key of at) {
    if (!isContainer(current)) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function applyHazard(old: unknown, hazard: Exclude<Hazard, { fresh: true }>): unknown {
  if ('value' in hazard) return hazard.value;
  const text = typeof old === 'string' ? old : JSON.stringify(old);
  const at = hazard.at % (text.length + 1);
  return text.slice(0, at) + hazard.poison + text.slice(at);
}

/** A request's values: path parameters, query values by their names' order, JSON body. */
const valuesOf = (request: Mutable) => ({
  path: request.path,
  query: request.query.map(([, value]) => value),
  body: request.body.kind === 'json' ? request.body.value : undefined,
});

/** Where `fresh` has the value that `request` has at `at`: a query value goes by its name. */
function freshValueAt(request: Mutable, fresh: Mutable, at: (string | number)[]): unknown {
  const [part, index, ...rest] = at;
  if (part !== 'query') return valueAt(valuesOf(fresh), at);
  const name = request.query[Number(index)]?.[0];
  const same = fresh.query.find(([other]) => other === name);
  return same ? valueAt(same[1], rest) : undefined;
}

/**
 * The request with one of its values (path, query or JSON body) changed by the hazard; a
 * `fresh` hazard takes the value from `fresh`, a valid request of the same operation.
 */
export function mutate<T extends Mutable>(
  request: T,
  { leaf, hazard }: Mutation,
  fresh: Mutable,
): T {
  const values = valuesOf(request);
  const all = leaves(values);
  const target = all[leaf % Math.max(all.length, 1)];
  if (!target) return request;
  const change = (old: unknown) =>
    'fresh' in hazard
      ? (freshValueAt(request, fresh, target) ?? LEFT_OUT)
      : applyHazard(old, hazard);
  const changed = replaced(values, target, change) as typeof values;
  const query = request.query
    .map(([name], i): [unknown, unknown] => [name, changed.query[i]])
    .filter(([, value]) => value !== LEFT_OUT);
  return {
    ...request,
    path: changed.path,
    query: withoutLeftOut(query) as T['query'],
    body:
      request.body.kind !== 'json'
        ? request.body
        : changed.body === LEFT_OUT
          ? { kind: 'none' }
          : { ...request.body, value: withoutLeftOut(changed.body) },
  };
}
