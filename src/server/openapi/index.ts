// OpenAPI from the schemas: owns /api/docs — the OpenAPI 3.1 document at /api/docs/json (and
// /api/docs/yaml), generated at run time by @fastify/swagger from every route registered after it, with the
// JSON Schemas Fastify validates with; and the browsable Swagger UI page at /api/docs, served from
// node_modules (no CDN). Register it before any route: its onRoute hook only sees routes added afterwards.
// The docs routes are public (no Access-Token) and hidden from the document themselves.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { components, info, SECURITY_SCHEME } from './document';
import { transform, transformObject } from './operations';

export const DOCS_PREFIX = '/api/docs';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // at the root (a fastify-plugin), so its onRoute hook records the routes of every context
  await app.register(fastifySwagger, {
    mode: 'dynamic',
    openapi: {
      openapi: '3.1.0',
      info,
      components: components as never,
      security: [{ [SECURITY_SCHEME]: [] }],
    },
    transform,
    transformObject,
  });
  // the page in its own context, so the hook below marks only the docs routes (the page, its assets, /json)
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true, writes: false };
      route.schema = { ...route.schema, hide: true };
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      theme: { title: '碳算 API 文档' },
      uiConfig: {
        layout: 'BaseLayout', // no top bar: the page shows our document, not any URL typed in
        docExpansion: 'list',
        filter: true,
        deepLinking: true,
        defaultModelsExpandDepth: 0,
        displayRequestDuration: true,
        tryItOutEnabled: false,
      },
    });
  });
}
