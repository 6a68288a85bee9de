import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Api } from './types.ts';

export const registerOpenApi = async (app: Api) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Excursio API',
        version: '0.1.0',
        description:
          'Booking and experience management for tour and activity suppliers and their resellers. ' +
          'Call the API on your organization subdomain. Browser clients use the HttpOnly cookies set by ' +
          '`POST /api/jwt/create/`; other clients may send `Authorization: Bearer <access token>`. ' +
          'Server-to-server clients use an API key of the organization (Settings → API keys): ' +
          '`Authorization: Bearer exc_live_…`, with exactly the permissions chosen for the key.',
      },
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'excursio_access' },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKeyAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'exc_live_…', description: "An organization's API key" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/schema/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
};

/** `GET /schema/` — the OpenAPI document as JSON (default) or YAML. */
export const schemaRoutes = (app: Api) => {
  app.get(
    '/schema/',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        querystring: z.object({ format: z.enum(['json', 'yaml']).default('json'), lang: z.string().max(10).optional() }),
      },
    },
    async (request, reply) => {
      if (request.query.format === 'yaml') {
        return reply.type('application/yaml; charset=utf-8').send(app.swagger({ yaml: true }));
      }
      return reply.type('application/json; charset=utf-8').send(app.swagger());
    },
  );
};
