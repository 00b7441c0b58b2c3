/**
 * `npm run bench -w apps/web [-- bundle|lighthouse]`: the JavaScript each page loads, then the
 * Lighthouse scores (or only the one named), from the builds that `npm run bench` makes first.
 * Each part is printed, and written as JSON to bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatLighthouseScores, runLighthouse } from './lighthouse';
import { formatRouteWeights, measureRouteWeights } from './route-weights';

const PARTS = ['bundle', 'lighthouse'];
const only = process.argv[2];
if (only !== undefined && !PARTS.includes(only)) {
  throw new Error(`Unknown web benchmark '${only}': choose one of ${PARTS.join(', ')}.`);
}

function writeResult(name: string, result: unknown) {
  const directory = fileURLToPath(new URL('results/', import.meta.url));
  mkdirSync(directory, { recursive: true });
  const file = `${directory}${name}.json`;
  writeFileSync(file, `${JSON.stringify({ measured: new Date(), result }, null, 2)}\n`);
  console.log(`Written to ${file}`);
}

if (!only || only === 'bundle') {
  const weights = measureRouteWeights(fileURLToPath(new URL('../dist', import.meta.url)));
  console.log(formatRouteWeights(weights));
  writeResult('bundle', weights);
}
if (!only || only === 'lighthouse') {
  const scores = await runLighthouse();
  console.log(formatLighthouseScores(scores));
  writeResult('lighthouse', scores);
}
