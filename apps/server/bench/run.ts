/**
 * `npm run bench [-- requests|generation]`: the request benchmarks, then the generation
 * benchmark (or only the one named).
 */
const only = process.argv[2];
if (!only || only === 'requests') await import('./requests.js');
if (!only || only === 'generation') await import('./generation.js');
