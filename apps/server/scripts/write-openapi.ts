import { writeFileSync } from 'node:fs';
import { renderOpenApi } from '../src/openapi.js';

const target = new URL('../openapi.json', import.meta.url);
writeFileSync(target, await renderOpenApi());
console.log(`Wrote ${target.pathname}`);
