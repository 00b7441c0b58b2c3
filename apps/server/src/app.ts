import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { databaseTarget } from './db/target.js';
import { clientErrorHandler, frameworkErrors } from './lib/early-errors.js';
import { loggerOptions } from './lib/logging.js';
import { responseSerializer } from './lib/response-serializer.js';
import './lib/zod-messages.js';
import { analysisRoutes } from './modules/analysis/analysis.routes.js';
import { assessmentRoutes } from './modules/analysis/assessments.routes.js';
import { annotationRoutes } from './modules/annotations/annotations.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { brainstormRoutes } from './modules/brainstorms/brainstorms.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import readiness from './modules/health/readiness.js';
import { generationRoutes } from './modules/generation/generation.routes.js';
import { ideaRoutes } from './modules/ideas/ideas.routes.js';
import { importRoutes } from './modules/imports/imports.routes.js';
import { insightsRoutes } from './modules/insights/insights.routes.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { mcpRoutes } from './modules/mcp/mcp.routes.js';
import { projectRoutes } from './modules/projects/projects.routes.js';
import { providerRoutes } from './modules/providers/providers.routes.js';
import { themeRoutes } from './modules/themes/themes.routes.js';
import { tokenRoutes } from './modules/tokens/tokens.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import apiDocs from './plugins/api-docs.js';
import auth from './plugins/auth.js';
import commonResponses from './plugins/common-responses.js';
import db from './plugins/db.js';
import errorHandler from './plugins/error-handler.js';
import analysis from './plugins/analysis.js';
import generation from './plugins/generation.js';
import inputGuard from './plugins/input-guard.js';
import live from './plugins/live.js';
import securityHeaders from './plugins/security-headers.js';
import webApp from './plugins/web-app.js';
import webhooks from './plugins/webhooks.js';
import { resolveJwtSecret } from './secrets.js';

export interface AppOptions {
  /** An open database to use (tests share one); otherwise the app opens and closes its own. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(config: Config, options: AppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: false },
    bodyLimit: 1024 * 1024,
    // Starting the job queue (its schema, its queues) took over Fastify's default 10 s on a
    // busy machine (load 10 on 2 cores); a slow start is not a failed one.
    pluginTimeout: 120_000,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);

  await app.register(cookie);
  await app.register(securityHeaders);
  await app.register(compress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Dynamic responses: a fast brotli level, not the slow default meant for static files.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(commonResponses);
  await app.register(inputGuard);
  await app.register(apiDocs);

  const database =
    options.database ?? (await openDatabase(databaseTarget(config), { log: app.log }));
  await app.register(errorHandler);
  await app.register(db, { database, owned: !options.database });
  await app.register(auth, {
    secret: config.jwtSecret ?? resolveJwtSecret(config.dataDir),
    database,
  });
  await app.register(generation, { database, config });
  await app.register(analysis, { database, config });
  await app.register(webhooks, { database, config });
  await app.register(live, { database, config: config.live });
  await app.register(readiness);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(projectRoutes);
      await api.register(brainstormRoutes);
      await api.register(annotationRoutes);
      await api.register(ideaRoutes, { duplicates: config.duplicates });
      await api.register(importRoutes, { duplicates: config.duplicates });
      await api.register(providerRoutes, { providers: config.providers });
      await api.register(generationRoutes, { config });
      await api.register(liveRoutes, { hub: app.live });
      await api.register(analysisRoutes, { config });
      await api.register(assessmentRoutes);
      await api.register(themeRoutes);
      await api.register(dashboardRoutes, { config });
      await api.register(insightsRoutes, { config });
      await api.register(tokenRoutes);
      await api.register(mcpRoutes);
      await api.register(webhookRoutes, { config });
    },
    { prefix: '/api' },
  );
  await app.register(webApp, { distDir: config.webDistDir ?? defaultWebDist });
  return app;
}

/** Fastify trusts no hop for a bare number, so a hop count becomes a function of the hop. */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type App = Awaited<ReturnType<typeof buildApp>>;
