// Routes take their request types from their JSON schemas (declared `as const`): req.body, req.query and
// req.params are what the schema validates, through json-schema-to-ts, with no hand-written generic beside it.
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';

export const typed = (app: FastifyInstance) => app.withTypeProvider<JsonSchemaToTsProvider>();
