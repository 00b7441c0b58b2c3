// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';

const specFile = fileURLToPath(new URL('../../../../server/openapi.json', import.meta.url));
const schemaFile = fileURLToPath(new URL('./schema.d.ts', import.meta.url));

/** What `npm run api:types` writes: the openapi-typescript CLI output, then Prettier. */
async function generateSchemaTypes() {
  const ast = await openapiTS(new URL(`file://${specFile}`), { silent: true });
  const prettierConfig = await resolveConfig(schemaFile, { editorconfig: true });
  return format(`${COMMENT_HEADER}${astToString(ast)}`, {
    ...prettierConfig,
    filepath: schemaFile,
  });
}

const specExists = existsSync(specFile);

describe('generated API types', () => {
  it.skipIf(!specExists)(
    specExists
      ? 'src/lib/api/schema.d.ts matches apps/server/openapi.json (else run `npm run api:types -w apps/web`)'
      : 'skipped: apps/server/openapi.json does not exist yet',
    async () => {
      const expected = await generateSchemaTypes();
      expect(readFileSync(schemaFile, 'utf8')).toBe(expected);
    },
    30_000,
  );
});
