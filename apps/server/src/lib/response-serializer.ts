import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Keywords fast-json-stringify honours only by validating each value with ajv: slow. */
const VALIDATING_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref']);

const zodSerializer = createSerializerCompiler();

/**
 * Responses are written by fast-json-stringify, compiled once per route from the JSON schema of
 * its zod response schema, instead of a zod parse and `JSON.stringify` on every request. Both
 * write only the declared properties; unlike zod, it does not check the values it writes (the
 * services build every response from typed rows). A schema it could serve only by validating
 * each value (a union of two objects, say) keeps the zod serializer. Decision 014.
 */
export const responseSerializer: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = fastSchema(route.schema);
  return schema ? fastJsonStringify(schema) : zodSerializer(route);
};

/** The output JSON schema with shared schemas inlined, or null where it would be slow. */
function fastSchema(schema: z.ZodType): Schema | null {
  if (!(schema instanceof z.ZodType)) return null;
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      metadata: z.registry(),
      unrepresentable: 'throw',
      cycles: 'throw',
    });
  } catch {
    return null; // z.undefined() for a 204, a Date...: nothing to gain
  }
  const merged = mergeTypeUnions(json);
  return isServedFast(merged) ? merged : null;
}

const isObject = (node: unknown): node is JsonSchema =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

const isSingleTyped = (node: unknown): node is JsonSchema & { type: string } =>
  isObject(node) && typeof node.type === 'string';

/**
 * An `anyOf` of branches of distinct single types (a nullable value; a page or an array) becomes
 * one schema with a list of types, on which fast-json-stringify dispatches with `typeof`.
 */
function mergeTypeUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mergeTypeUnions);
  if (!isObject(node)) return node;
  const merged = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, mergeTypeUnions(value)]),
  );
  const { anyOf, ...rest } = merged;
  if (!Array.isArray(anyOf) || !anyOf.every(isSingleTyped)) return merged;
  const types = anyOf.map((branch) => branch.type);
  const keywords = anyOf.flatMap((branch) => Object.keys(branch).filter((key) => key !== 'type'));
  const distinct = (list: string[]) => new Set(list).size === list.length;
  if (!distinct(types) || !distinct(keywords) || keywords.some((key) => key in rest)) {
    return merged;
  }
  return Object.assign(rest, ...anyOf, { type: types }) as JsonSchema;
}

const isServedFast = (node: unknown): node is Schema => isObject(node) && !needsValidation(node);

const needsValidation = (node: unknown): boolean =>
  Array.isArray(node)
    ? node.some(needsValidation)
    : isObject(node) &&
      Object.entries(node).some(
        ([key, value]) => VALIDATING_KEYWORDS.has(key) || needsValidation(value),
      );
