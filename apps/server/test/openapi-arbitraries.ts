import fc from 'fast-check';
import type { JsonSchema, OpenApiDocument, OperationEntry, Parameter } from './openapi-document.js';
import {
  hostileValue,
  MALFORMED_JSON,
  poison,
  RAW_URL_TEXT,
  SHAPE_HOSTILE_BODIES,
} from './hostile-values.js';
import { mutationArbitrary, type Mutation } from './request-mutation.js';

/** Stands for the id of an existing fixture; resolved when the request is sent. */
export class FixtureId {
  constructor(readonly index: number) {}
}

/** Stands for a string the database knows (an email, the test password); resolved when sent. */
export class KnownString {
  constructor(readonly index: number) {}
}

/** Goes into the URL as it is, unencoded: malformed percent-escapes and the like. */
export class RawText {
  constructor(readonly text: string) {}
}

export type Actor = 'staff' | 'member' | 'anonymous' | 'forged';

/**
 * How a signed-in actor authenticates: with its web session's access token, or with one of its
 * personal access tokens (decision 032), which may write or only read.
 */
export type Credential = 'session' | 'write token' | 'read token';
const PERSONAL_CREDENTIALS: Credential[] = ['write token', 'read token'];

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'text'; text: string; contentType: string | null }
  | { kind: 'oversized'; contentType: string };

export interface RequestSpec {
  actor: Actor;
  /** What the staff or member actor sends: every operation hears both kinds. */
  credential: Credential;
  /** Which of the forged credentials, when actor is 'forged'. */
  forgery: number;
  address: string;
  cookies: 'none' | 'jar' | 'garbage';
  path: Record<string, unknown>;
  /** Names and values in order; a name may be RawText, a value an array (the name repeats). */
  query: [unknown, unknown][];
  body: BodySpec;
  /** Set on requests that replay an earlier success with one value made hostile. */
  mutation?: Mutation;
  /**
   * Set on requests that send an earlier success again, unchanged but for who sends it, with
   * which credential, from where and with which cookies.
   */
  resend?: { base: number };
}

type Mode = 'valid' | 'mutant';

// Valid by the schema's pattern, yet PostgreSQL has no year 0.
const EDGE_DAYS = ['0000-01-01', '0001-01-01', '1969-12-31', '9999-12-31', '2000-02-29'];
const isoDay = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(...EDGE_DAYS),
);
const isoDateTime = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    ...EDGE_DAYS.map((day) => `${day}T00:00:00Z`),
    '9999-12-31T23:59:59.999+14:00',
    '0001-01-01T00:00:00-14:00',
  ),
);

// fc.emailAddress() covers RFC 5322, which validators of real applications mostly refuse.
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'mail.example.org'))
  .map(([local, domain]) => `${local}@${domain}`);

const FORMATS: Partial<Record<string, fc.Arbitrary<string>>> = {
  date: isoDay,
  'date-time': isoDateTime,
  uri: fc.webUrl(),
  email: plainEmail,
};

function formattedString(schema: JsonSchema): fc.Arbitrary<string> | null {
  const byFormat = schema.format ? FORMATS[schema.format] : undefined;
  if (byFormat) return byFormat;
  return schema.pattern ? fc.stringMatching(new RegExp(schema.pattern, 'u')) : null;
}

/**
 * Strings, some the database holds (to hit fixtures, more often in valid requests, which are
 * meant to reach the operation); mutants may hold NUL or a lone surrogate.
 */
function stringOf(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  const formatted = formattedString(schema);
  const text =
    formatted ??
    fc.oneof(
      { weight: 6, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: 20 }) },
      { weight: 3, arbitrary: plainEmail },
      { weight: 1, arbitrary: fc.constant('x'.repeat(mode === 'valid' ? max : max + 1)) },
    );
  return fc.oneof(
    { weight: 10, arbitrary: text },
    {
      weight: formatted ? 0 : mode === 'valid' ? 8 : 4,
      arbitrary: fc.nat().map((i) => new KnownString(i)),
    },
    { weight: mode === 'valid' ? 0 : 6, arbitrary: poison(text) },
  );
}

function integerOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const min =
    schema.exclusiveMinimum !== undefined
      ? schema.exclusiveMinimum + 1
      : (schema.minimum ?? Number.MIN_SAFE_INTEGER);
  const max =
    schema.exclusiveMaximum !== undefined
      ? schema.exclusiveMaximum - 1
      : (schema.maximum ?? Number.MAX_SAFE_INTEGER);
  const inRange = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  const small = fc.integer({ min: Math.max(min, -5), max: Math.min(max, 20) });
  return fc.oneof(
    { weight: min <= 1 ? 6 : 0, arbitrary: fc.nat().map((i) => new FixtureId(i)) },
    { weight: 3, arbitrary: small },
    { weight: 2, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

/**
 * Objects with their required fields; a valid one has at most two optional fields, since each
 * one more is one more way to be refused before the database.
 */
function objectOf(schema: JsonSchema, mode: Mode, document: OpenApiDocument) {
  const properties = schema.properties ?? {};
  const required = mode === 'valid' ? (schema.required ?? []) : [];
  const optional = Object.keys(properties).filter((key) => !required.includes(key));
  const keys =
    mode === 'valid'
      ? fc.shuffledSubarray(optional, { maxLength: Math.min(2, optional.length) })
      : fc.subarray(optional);
  const known = keys.chain((chosen) =>
    fc.record(
      Object.fromEntries(
        [...required, ...chosen].map((key) => [
          key,
          valueOf(properties[key] ?? {}, mode, document),
        ]),
      ),
    ),
  );
  // Unknown fields are ignored, as in DRF, unless the schema closes the object.
  const closed = schema.additionalProperties === false && mode === 'valid';
  const unknown = closed
    ? fc.constant({})
    : fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), hostileValue, { maxKeys: 2 });
  return fc
    .tuple(known, fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, unknown))
    .map(([values, extra]) => ({ ...extra, ...values }));
}

function shapedBy(
  schema: JsonSchema,
  mode: Mode,
  document: OpenApiDocument,
): fc.Arbitrary<unknown> {
  if (schema.$ref) return valueOf(resolveRef(document, schema.$ref), mode, document);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf(s, mode, document)));
  if (schema.allOf?.[0]) return valueOf(schema.allOf[0], mode, document);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);
  if (types.length === 0) {
    return schema.properties ? objectOf(schema, mode, document) : fc.jsonValue({ maxDepth: 2 });
  }
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringOf(schema, mode);
        case 'integer':
          return integerOf(schema);
        case 'number':
          return fc.double({
            min: schema.minimum ?? -1e12,
            max: schema.maximum ?? 1e12,
            noNaN: true,
          });
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return fc.array(valueOf(schema.items ?? {}, mode, document), {
            minLength: mode === 'valid' ? (schema.minItems ?? 0) : 0,
            maxLength: Math.min(schema.maxItems ?? 5, 5),
          });
        case 'object':
          return objectOf(schema, mode, document);
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    }),
  );
}

/**
 * Values for a schema: valid ones, or in 'mutant' mode valid shapes in which any node may be
 * replaced by a wrong type, a hostile string or number, or lose its required fields.
 */
function valueOf(schema: JsonSchema, mode: Mode, document: OpenApiDocument): fc.Arbitrary<unknown> {
  const shaped = shapedBy(schema, mode, document);
  return mode === 'valid'
    ? shaped
    : fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function resolveRef(document: OpenApiDocument, ref: string): JsonSchema {
  const name = ref.replace('#/components/schemas/', '');
  const schema = document.components?.schemas?.[name];
  if (!schema) throw new Error(`Unresolved $ref ${ref}`);
  return schema;
}

const OMITTED = Symbol('omitted');
const rawUrlText = fc.constantFrom(...RAW_URL_TEXT).map((text) => new RawText(text));

function pathParams(params: Parameter[], mode: Mode, document: OpenApiDocument) {
  const model = Object.fromEntries(
    params.map((p) => {
      const value = valueOf(p.schema ?? {}, mode, document);
      return [
        p.name,
        mode === 'valid' ? value : fc.oneof({ weight: 4, arbitrary: value }, rawUrlText),
      ];
    }),
  );
  return fc.record(model);
}

/** Query parameters; a valid request mostly leaves optional ones out or sends their default. */
function queryParams(params: Parameter[], mode: Mode, document: OpenApiDocument) {
  const each = params.map((p) => {
    const schema = p.schema ?? {};
    return fc
      .oneof(
        { weight: p.required ? 0 : 3, arbitrary: fc.constant(OMITTED) },
        { weight: 'default' in schema ? 1 : 0, arbitrary: fc.constant(schema.default) },
        { weight: 3, arbitrary: valueOf(schema, mode, document) },
        { weight: mode === 'valid' ? 0 : 1, arbitrary: rawUrlText },
      )
      .map((value): [unknown, unknown][] => (value === OMITTED ? [] : [[p.name, value]]));
  });
  const unknown =
    mode === 'valid'
      ? fc.constant([])
      : fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), rawUrlText), hostileValue), {
          maxLength: 2,
        });
  return fc.tuple(fc.tuple(...each), unknown).map(([known, extra]) => [...known.flat(), ...extra]);
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json;charset=UTF-8',
];

function bodyOf(entry: OperationEntry, mode: Mode, document: OpenApiDocument) {
  const schema = entry.operation.requestBody?.content?.['application/json']?.schema;
  const json = (value: fc.Arbitrary<unknown>) =>
    fc
      .tuple(value, fc.constantFrom(...JSON_TYPES))
      .map(([v, contentType]): BodySpec => ({ kind: 'json', value: v, contentType }));
  if (mode === 'valid') {
    return schema
      ? json(valueOf(schema, 'valid', document))
      : fc.constant<BodySpec>({ kind: 'none' });
  }
  const someJson = schema ? valueOf(schema, 'mutant', document) : hostileValue;
  const asText = fc.tuple(someJson, fc.nat()).map(([v, cut]) => {
    const text = JSON.stringify(v);
    return { text, truncated: text.slice(0, cut % (text.length + 1)) };
  });
  const text = (arb: fc.Arbitrary<[string, string | null]>) =>
    arb.map(([t, contentType]): BodySpec => ({ kind: 'text', text: t, contentType }));
  return fc.oneof(
    { weight: schema ? 1 : 12, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) },
    { weight: 8, arbitrary: json(someJson) },
    {
      weight: 2,
      arbitrary: text(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...MALFORMED_JSON),
            asText.map((t) => t.truncated),
          ),
          fc.constantFrom(...JSON_TYPES),
        ),
      ),
    },
    {
      weight: 2,
      arbitrary: text(
        fc.tuple(
          asText.map((t) => t.text),
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=fuzz',
            'application/xml',
            'application/json; charset=latin1',
            'application/vnd.api+json',
            null,
          ),
        ),
      ),
    },
    { weight: 1, arbitrary: text(fc.constant(['', 'application/json'])) },
    {
      weight: 1,
      arbitrary: text(
        fc.tuple(fc.constantFrom(...SHAPE_HOSTILE_BODIES), fc.constantFrom(...JSON_TYPES)),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('application/json', 'text/plain')
        .map((contentType): BodySpec => ({ kind: 'oversized', contentType })),
    },
  );
}

/**
 * Requests for one operation: valid by its schemas; an earlier success with one value made
 * hostile; or mutated anywhere, body and content type included.
 */
export function requestArbitrary(
  entry: OperationEntry,
  document: OpenApiDocument,
): fc.Arbitrary<RequestSpec> {
  const params = entry.operation.parameters ?? [];
  const byLocation = (location: Parameter['in']) => params.filter((p) => p.in === location);
  const forMode = (mode: Mode) =>
    fc.record({
      actor: fc.oneof(
        { weight: 6, arbitrary: fc.constant<Actor>('staff') },
        { weight: 3, arbitrary: fc.constant<Actor>('member') },
        {
          weight: mode === 'valid' ? 0 : 1,
          arbitrary: fc.constantFrom<Actor>('anonymous', 'forged'),
        },
      ),
      // Half the requests each, so that the runs are shared, not doubled. A valid write sent
      // with a read token is always refused (the authorization tests say so): valid writes get
      // the write token, so that as many reach the operation as with sessions alone.
      credential: fc.oneof(
        fc.constant<Credential>('session'),
        mode === 'valid' && entry.method !== 'GET'
          ? fc.constant<Credential>('write token')
          : fc.constantFrom(...PERSONAL_CREDENTIALS),
      ),
      forgery: fc.nat(),
      address: fc.oneof(fc.constant('127.0.0.1'), fc.ipV4(), fc.ipV6()),
      cookies: fc.constantFrom('none', 'jar', 'garbage'),
      path: pathParams(byLocation('path'), mode, document),
      query: queryParams(byLocation('query'), mode, document),
      body: bodyOf(entry, mode, document),
    });
  return fc.oneof(
    { weight: 2, arbitrary: forMode('valid') },
    // Operations whose valid requests are rare (a sign-in, a change to the member's own
    // annotation) still reach the operation with every credential.
    {
      weight: 1,
      arbitrary: fc
        .tuple(forMode('valid'), fc.nat())
        .map(([spec, base]) => ({ ...spec, resend: { base } })),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(forMode('valid'), mutationArbitrary)
        .map(([spec, mutation]) => ({ ...spec, mutation })),
    },
    { weight: 3, arbitrary: forMode('mutant') },
  );
}
