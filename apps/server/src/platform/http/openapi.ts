// The OpenAPI 3.1 document of the whole API, generated from the routes' zod schemas, at GET /api/openapi.json,
// and a browsable copy at /api/docs. Registered before the areas' routes: the swagger plugin sees a route only
// when it is added. Bodies a handler reads itself (uploads, a PDF to verify) and answers that are bytes
// (downloads, audio) are described here too, without changing how they are validated.
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A body the handler reads itself (Fastify leaves it unparsed or hands it over as bytes), by content type.
     * Only the OpenAPI document reads it: Fastify validates `body`, never this.
     */
    rawBody?: Record<string, z.ZodType>;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** The docs UI's own routes (its page, scripts and its copy of the document) are not part of the API. */
export const isDocsRoute = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/**
 * Bytes as they are: a download, audio, a PDF, an uploaded file. Fastify never serializes a stream or a
 * Buffer, so as a response schema this only describes the answer (with `produces` for its types).
 */
export const BinarySchema = z.custom<Readable | Buffer>().meta({ type: 'string', format: 'binary' });

/** What the document route promises: an OpenAPI 3 object (its content is the swagger plugin's). */
const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const toJsonSchema = (schema: z.ZodType) => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
};

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** An area's routes (/api/clients, /api/clients/:id) share a tag; /api/health and its like are 'platform'. */
function areaOf(path: string, route: object): string {
  const [, , area, ...more] = path.split('/');
  const mountedHere = (route as { prefix?: string }).prefix === path;
  return area && (more.length > 0 || mountedHere) ? area : 'platform';
}

/**
 * The zod transform, plus: `rawBody` becomes the request body's content, a route mounted at its prefix
 * ('/api/clients/') is listed without the trailing slash, and each operation is tagged with its area.
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = zodTransform(input) as { schema: Record<string, unknown>; url: string };
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  if (!schema || schema.hide) return { schema, url: path };
  const { rawBody, ...rest } = schema as { rawBody?: Record<string, z.ZodType> };
  const described: Record<string, unknown> = { tags: [areaOf(path, input.route)], ...rest };
  if (rawBody) {
    const content = Object.entries(rawBody).map(([type, s]) => [type, { schema: toJsonSchema(s) }]);
    described.body = { content: Object.fromEntries(content) };
  }
  return { schema: described, url: path };
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mixdesk API',
        version,
        description:
          'Every answer is the envelope { success, message, data }; errors are { success: false, message, error: { code, details? } }. ' +
          'Authenticate with the access token of POST /api/auth/login as a bearer token, or with the cookies the login sets ' +
          '(then send the token of GET /api/csrf-token in X-XSRF-TOKEN with every state-changing request).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      OPENAPI_PATH,
      { schema: { response: { 200: OpenApiDocumentSchema } } },
      async () => app.swagger() as z.infer<typeof OpenApiDocumentSchema>,
    );

  // No validator badge (the plugin's default): it would load an image from validator.swagger.io.
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}
