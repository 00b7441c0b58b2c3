import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { App } from '../src/app.js';

/** The parts of JSON Schema that the route schemas produce. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface MediaTypes {
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: MediaTypes & { required?: boolean };
  responses: Record<string, MediaTypes>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export interface OperationEntry {
  /** 'METHOD /api/path/{id}/', as the authorization matrix and test names spell it. */
  key: string;
  method: Method;
  path: string;
  operation: Operation;
}

export const openApiDocument = (app: App) => app.swagger() as unknown as OpenApiDocument;

/** Every operation of the document, in its order: the routes the tests cover. */
export function listOperations(document: OpenApiDocument): OperationEntry[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method.toLowerCase()];
      return operation ? [{ key: `${method} ${path}`, method, path, operation }] : [];
    }),
  );
}

const DOCUMENT_ID = 'openapi.json';
const pointer = (...segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

/**
 * Checks a response against what the document declares for its operation and status: a
 * declared status, then a declared media type with, for JSON, a body matching the schema; or
 * no body where none is declared.
 * Returns a one-line problem, or null when the response is as documented.
 */
export function responseChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  // ajv-formats carries its own copy of Ajv's types, so the instance is passed through unknown.
  (addFormatsPlugin as unknown as (ajv: unknown) => void)(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const validators = new Map<string, ValidateFunction>();

  const validatorFor = (entry: OperationEntry, status: string) => {
    const id = `${entry.key} ${status}`;
    let validate = validators.get(id);
    if (!validate) {
      const ref = pointer('paths', entry.path, entry.method.toLowerCase(), 'responses', status);
      validate = ajv.compile({
        $ref: `${DOCUMENT_ID}#/${ref}/content/application~1json/schema`,
      });
      validators.set(id, validate);
    }
    return validate;
  };

  return (
    entry: OperationEntry,
    response: { statusCode: number; headers: Record<string, unknown>; body: string },
  ): string | null => {
    const status = String(response.statusCode);
    if (response.statusCode >= 500) return `server error ${status}`;
    const declared = entry.operation.responses[status];
    if (!declared) return `status ${status} is not declared for this operation`;
    const mediaTypes = Object.keys(declared.content ?? {});
    if (mediaTypes.length === 0) {
      return response.body === '' ? null : `status ${status} declares no body but one was sent`;
    }
    const header = response.headers['content-type'];
    const mediaType = typeof header === 'string' ? header.split(';')[0]?.trim() : undefined;
    if (!mediaType || !mediaTypes.includes(mediaType)) {
      return `status ${status} answered content-type ${JSON.stringify(header)}, not ${mediaTypes.join(' or ')}`;
    }
    if (mediaType !== 'application/json') return null;
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return `status ${status} answered a body that is not JSON`;
    }
    const validate = validatorFor(entry, status);
    if (validate(body)) return null;
    return `status ${status} body does not match its schema: ${ajv.errorsText(validate.errors)}`;
  };
}
