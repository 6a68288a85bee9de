import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
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
  registerDocs(app);
};

const DOCS = '/schema/docs';
/** Headers of the documentation's own answer that the forwarding reply sets itself. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * The interactive documentation (Swagger UI) under /schema/docs. Its plugin, static file server and
 * their dependencies are loaded on the first visit instead of at every start (~0.1 s of module
 * loading): a small instance of their own, serving this app's document, answers the requests these
 * two routes forward to it. Everything else about the answers is this app's (security headers, the
 * JSON 404 for a path the documentation does not have).
 */
const registerDocs = (app: Api) => {
  let docs: Promise<FastifyInstance> | undefined;
  const load = async () => {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    const inner = Fastify();
    await inner.register(swagger, { mode: 'static', specification: { document: app.swagger() as never } });
    await inner.register(swaggerUi, { routePrefix: DOCS, uiConfig: { docExpansion: 'list', deepLinking: true } });
    await inner.ready();
    return inner;
  };
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= load().catch((error: unknown) => {
      docs = undefined;
      throw error;
    });
    const answer = await (await docs).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: request.headers,
    });
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    }
    return reply.status(answer.statusCode).send(answer.rawPayload.length ? answer.rawPayload : undefined);
  };
  const options = { schema: { hide: true } };
  app.get(DOCS, options, forward);
  app.get(`${DOCS}/*`, options, forward);
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
