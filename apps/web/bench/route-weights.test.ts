import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { formatRouteWeights, measureRouteWeights } from './route-weights';

let distDir = '';

/** A build of named chunks, each `size` bytes of one letter, with its manifest. */
function writeBuild(chunks: Record<string, { size: number; manifest: object }>) {
  distDir = mkdtempSync(path.join(tmpdir(), 'ideaforge-weights-'));
  mkdirSync(path.join(distDir, '.vite'));
  mkdirSync(path.join(distDir, 'assets'));
  const manifest: Record<string, object> = {};
  for (const [key, { size, manifest: entry }] of Object.entries(chunks)) {
    const file = `assets/${key.replace(/\W/g, '_')}.js`;
    writeFileSync(path.join(distDir, file), 'x'.repeat(size));
    manifest[key] = { file, ...entry };
  }
  writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

const gzipOf = (size: number) => gzipSync('x'.repeat(size)).length;

afterEach(() => {
  rmSync(distDir, { recursive: true, force: true });
});

describe('route weights', () => {
  it("adds the entry, the page's split route chunks and what they import, once each", () => {
    writeBuild({
      'index.html': { size: 100, manifest: { isEntry: true } },
      _shared: { size: 200, manifest: { imports: ['index.html'] } },
      'src/routes/login.tsx?tsr-split=component': {
        size: 300,
        manifest: { isDynamicEntry: true, imports: ['index.html', '_shared'] },
      },
      'src/routes/_authenticated.tsx?tsr-split=component': {
        size: 5000,
        manifest: { isDynamicEntry: true, imports: ['index.html', '_shared'] },
      },
    });
    const [login] = measureRouteWeights(distDir);
    expect(login).toEqual({
      page: '/login',
      files: 3,
      gzipBytes: gzipOf(100) + gzipOf(200) + gzipOf(300),
      withinTarget: true,
    });
  });

  it('marks a page over the target', () => {
    const weights = [
      { page: '/login', files: 2, gzipBytes: 120_000, withinTarget: true },
      { page: '/brainstorms/<id>', files: 9, gzipBytes: 150_500, withinTarget: false },
    ];
    expect(formatRouteWeights(weights).split('\n')).toEqual([
      'JavaScript per page, gzip (target <= 130 KB):',
      '  /login              120.0 KB in  2 files  ok',
      '  /brainstorms/<id>   150.5 KB in  9 files  MISSED',
    ]);
  });
});
