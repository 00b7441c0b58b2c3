import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const PAGE_METHODS = new Set(['GET', 'HEAD']);

/** Every GET or HEAD outside the API is a page of the web app, except a missing build file. */
const isPageRequest = (request: FastifyRequest) =>
  PAGE_METHODS.has(request.method) &&
  !request.url.startsWith('/api/') &&
  !request.url.startsWith('/assets/');

/**
 * Serves the built web app, falling back to index.html for client-side routes. Assets are
 * sent precompressed (the build writes .br and .gz beside them) when the browser accepts it.
 * Unknown /api/ addresses, and everything when no build exists, answer a JSON 404.
 */
async function webApp(app: FastifyInstance, opts: { distDir: string }) {
  const root = path.resolve(opts.distDir);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      index: 'index.html',
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasBuild && isPageRequest(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
}

export default fp(webApp, { name: 'web-app' });
