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

describe('generated API types', () => {
  it.skipIf(!existsSync(specFile))(
    'src/lib/api/schema.d.ts matches apps/server/openapi.json (run `npm run api:types -w apps/web`)',
    async () => {
      const expected = await generateSchemaTypes();
      expect(readFileSync(schemaFile, 'utf8')).toBe(expected);
    },
    30_000,
  );

  it.runIf(!existsSync(specFile))('is skipped: apps/server/openapi.json does not exist yet', () => {
    expect(existsSync(specFile)).toBe(false);
  });
});
