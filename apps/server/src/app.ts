import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { databaseTarget } from './db/target.js';
import './lib/zod-messages.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { brainstormRoutes } from './modules/brainstorms/brainstorms.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { projectRoutes } from './modules/projects/projects.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import apiDocs from './plugins/api-docs.js';
import auth from './plugins/auth.js';
import db from './plugins/db.js';
import errorHandler from './plugins/error-handler.js';
import securityHeaders from './plugins/security-headers.js';
import webApp from './plugins/web-app.js';
import { resolveJwtSecret } from './secrets.js';

export interface AppOptions {
  /** An open database to use (tests share one); otherwise the app opens and closes its own. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(config: Config, options: AppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  await app.register(securityHeaders);
  await app.register(apiDocs);

  const database = options.database ?? (await openDatabase(databaseTarget(config)));
  await app.register(errorHandler);
  await app.register(db, { database, owned: !options.database });
  await app.register(auth, { secret: config.jwtSecret ?? resolveJwtSecret(config.dataDir) });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(projectRoutes);
      await api.register(brainstormRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(webApp, { distDir: config.webDistDir ?? defaultWebDist });
  return app;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type App = Awaited<ReturnType<typeof buildApp>>;
