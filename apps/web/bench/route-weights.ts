import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The most JavaScript, gzipped, that a page may make the browser fetch before it shows. */
export const ROUTE_WEIGHT_TARGET_KB = 130;

/** The pages weighed, each with the route files it matches (the root route is in the entry). */
export const WEIGHED_PAGES = [
  { page: '/login', routes: ['src/routes/login.tsx'] },
  {
    page: '/brainstorms/<id>',
    routes: [
      'src/routes/_authenticated.tsx',
      'src/routes/_authenticated/brainstorms/$brainstormId/index.tsx',
    ],
  },
  {
    page: '/brainstorms/<id>/review',
    routes: [
      'src/routes/_authenticated.tsx',
      'src/routes/_authenticated/brainstorms/$brainstormId/review.tsx',
    ],
  },
] as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/**
 * Which chunk holds each route file's split component, written beside the manifest by the
 * build. The manifest alone cannot say: a route chunk that shares modules with chunks it loads
 * later is listed under its own name (`_review-….js`), without the route file's path.
 */
const ROUTE_CHUNKS = path.join('.vite', 'route-chunks.json');

type RouteChunks = Record<string, string[]>;

function readRouteChunks(distDir: string): RouteChunks {
  try {
    return JSON.parse(readFileSync(path.join(distDir, ROUTE_CHUNKS), 'utf8')) as RouteChunks;
  } catch {
    return {};
  }
}

export interface RouteWeight {
  page: string;
  files: number;
  gzipBytes: number;
  withinTarget: boolean;
}

/**
 * Every chunk the browser fetches before the page renders: the entry, the chunks that the
 * router's code splitting made of the page's route files (`login.tsx?tsr-split=component`…),
 * and, transitively, what each of them imports statically.
 */
function chunksOfPage(manifest: Manifest, routes: readonly string[], routeChunks: RouteChunks) {
  const chunkFiles = new Set(routes.flatMap((route) => routeChunks[route] ?? []));
  const start = Object.keys(manifest).filter(
    (key) =>
      manifest[key]?.isEntry === true ||
      routes.some((route) => key.startsWith(`${route}?`)) ||
      chunkFiles.has(manifest[key]?.file ?? ''),
  );
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  start.forEach(visit);
  return [...seen].flatMap((key) => manifest[key]?.file ?? []);
}

/** The gzip size of the JavaScript of each weighed page, read from a build in `distDir`. */
export function measureRouteWeights(distDir: string): RouteWeight[] {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const routeChunks = readRouteChunks(distDir);
  const gzipBytes = (file: string) => gzipSync(readFileSync(path.join(distDir, file))).length;
  return WEIGHED_PAGES.map(({ page, routes }) => {
    const files = chunksOfPage(manifest, routes, routeChunks).filter((file) =>
      file.endsWith('.js'),
    );
    const total = files.reduce((sum, file) => sum + gzipBytes(file), 0);
    return {
      page,
      files: files.length,
      gzipBytes: total,
      withinTarget: total <= ROUTE_WEIGHT_TARGET_KB * 1000,
    };
  });
}

/** A small table of the weights, a miss marked in its last column. */
export function formatRouteWeights(weights: RouteWeight[]) {
  const width = Math.max(...weights.map((weight) => weight.page.length));
  const lines = weights.map(({ page, files, gzipBytes, withinTarget }) => {
    const kb = (gzipBytes / 1000).toFixed(1).padStart(6);
    const verdict = withinTarget ? 'ok' : 'MISSED';
    return `  ${page.padEnd(width)}  ${kb} KB in ${String(files).padStart(2)} files  ${verdict}`;
  });
  return [`JavaScript per page, gzip (target <= ${ROUTE_WEIGHT_TARGET_KB} KB):`, ...lines].join(
    '\n',
  );
}

/**
 * Prints the weights after every build. A miss is reported, never fatal: the build's output
 * is still usable, and the benchmark is where the figure is tracked.
 */
export function routeWeightReport(): Plugin {
  let outDir = '';
  return {
    name: 'ideaforge-route-weights',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const routeChunks: RouteChunks = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const route = path.relative(this.environment.config.root, id.split('?')[0] ?? id);
          if (!id.includes('?tsr-split=') || !route.startsWith('src/routes/')) continue;
          (routeChunks[route] ??= []).push(chunk.fileName);
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_CHUNKS,
        source: JSON.stringify(routeChunks, null, 2),
      });
    },
    closeBundle() {
      console.log(`\n${formatRouteWeights(measureRouteWeights(outDir))}`);
    },
  };
}
