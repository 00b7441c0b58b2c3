import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_INFO = {
  title: 'Ideaforge API',
  version: '1.0.0',
  description:
    'Brainstorms, ideas and their review. Sign in at /api/auth/token/ and send the access ' +
    'token as `Authorization: Bearer <token>`.',
};

/** The OpenAPI document, built only from the route schemas, with an explorer at /api/docs/. */
async function apiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { persistAuthorization: false, docExpansion: 'list' },
    staticCSP: false,
  });
  app.get('/api/schema/', { schema: { hide: true } }, () => app.swagger());
}

export default fp(apiDocs, { name: 'api-docs' });
