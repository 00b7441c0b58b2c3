/**
 * `npm run bench -w apps/web [-- bundle|lighthouse]`: the JavaScript each page loads, then the
 * Lighthouse scores (or only the one named), from the builds that `npm run bench` makes first.
 */
import { fileURLToPath } from 'node:url';
import { formatLighthouseScores, runLighthouse } from './lighthouse';
import { formatRouteWeights, measureRouteWeights } from './route-weights';

const only = process.argv[2];
if (!only || only === 'bundle') {
  const distDir = fileURLToPath(new URL('../dist', import.meta.url));
  console.log(formatRouteWeights(measureRouteWeights(distDir)));
}
if (!only || only === 'lighthouse') console.log(formatLighthouseScores(await runLighthouse()));
