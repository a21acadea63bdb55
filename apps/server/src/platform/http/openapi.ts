// The OpenAPI 3.1 document of the whole API, generated from the routes' zod schemas, at GET /api/openapi.json,
// and a browsable copy at /api/docs. Registered before the areas' routes: the swagger plugin sees a route only
// when it is added. Bodies a handler reads itself (uploads, a PDF to verify) and answers that are bytes
// (downloads, audio) are described here too, without changing how they are validated.
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ApiErrorSchema } from '@mixdesk/contract/envelope';
import { declaredRoute } from '@mixdesk/contract/routes';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_COOKIE } from '../security/cookies.ts';
import { type Guard, guardOf } from './guards.ts';

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

/** The refusals a route can give and what each means; every one answers the error envelope. */
const REFUSALS: Record<number, string> = {
  400: 'The request does not validate: the message says what is wrong, `error.details` which field',
  401: 'No valid credentials: sign in, or send a valid access token or personal token',
  403: 'Not allowed: not the owner or a collaborator with that right, a missing CSRF token on a cookie request, or a read-only token on a change',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the current state (a duplicate, a limit reached, a change another request made first)',
  410: 'Gone: expired or removed',
  412: 'A precondition the request must meet is missing',
  413: 'Too large',
  415: 'A file or body type this route does not take',
  416: 'The requested range is past the end (`Content-Range` gives the size)',
  422: 'Understood but cannot be processed',
  423: 'Locked for the moment (too many failed tries)',
  460: 'The chunk’s Upload-Checksum does not match its bytes; the chunk was discarded (tus)',
  429: 'Too many requests in a short time: `Retry-After` says when to try again',
  500: 'An unexpected error on the server; nothing about it is in the answer',
  503: 'A service the request needs (the database, storage) is unavailable for the moment',
  507: 'Not enough storage left (the quota or the disk)',
};

/** Where an operation's refusals wait between the route's transform and the finished document. */
const REFUSALS_KEY = 'x-mixdesk-refusals';

/** The refusals of a route: by what it reads and who it lets in, and those its declaration adds. */
function refusalsOf(
  schema: Record<string, unknown>,
  method: string,
  path: string,
  guard: Guard | null,
  declared?: readonly number[],
) {
  const statuses = new Set<number>([429, 500, 503, ...(declared ?? [])]);
  if (schema.params || schema.querystring || schema.body || schema.headers) statuses.add(400);
  // A body can be over the route's limit or of a type it does not parse.
  if (schema.body) statuses.add(413).add(415);
  // Any change can find the disk full (platform/storage/disk-full.ts).
  if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) statuses.add(507);
  if (path.includes('{')) statuses.add(404);
  // An administrators' route answers anyone else as if it did not exist (admin.ts).
  if (guard === 'admin') statuses.add(404);
  else if (guard) statuses.add(401).add(403);
  return [...statuses].sort((a, b) => a - b);
}

/** The document's security schemes: the bearer header (an access token or a personal token) or the cookie. */
const SECURED = [{ bearer: [] }, { cookie: [] }];

/**
 * The zod transform, plus: `rawBody` becomes the request body's content, a route mounted at its prefix
 * ('/api/clients/') is listed without the trailing slash, each operation is tagged with its area, named and
 * summed up from its declaration in the contract, secured as its guard says, and its refusals noted for
 * `finishDocument` to describe.
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = zodTransform(input) as { schema: Record<string, unknown>; url: string };
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  if (!schema || schema.hide) return { schema, url: path };
  const { rawBody, ...rest } = schema as { rawBody?: Record<string, z.ZodType> } & Record<string, unknown>;
  const method = String(input.route.method);
  const declared = declaredRoute(method, path);
  const guard = guardOf(input.route);
  const openApiPath = path.replace(/:(\w+)/g, '{$1}');
  const described: Record<string, unknown> = {
    tags: [areaOf(path, input.route)],
    operationId: declared?.operationId,
    summary: declared?.summary,
    security: guard ? SECURED : [],
    ...rest,
    [REFUSALS_KEY]: refusalsOf(
      { ...rest, body: rest.body ?? rawBody },
      method,
      openApiPath,
      guard,
      declared?.errors,
    ),
  };
  if (rawBody) {
    const content = Object.entries(rawBody).map(([type, s]) => [type, { schema: toJsonSchema(s) }]);
    described.body = { content: Object.fromEntries(content) };
  }
  return { schema: described, url: path };
};

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

/**
 * A record keyed by an enum (`z.record(z.enum([...]), …)`) comes out of the JSON Schema conversion as
 * `required` keys with only `additionalProperties` saying what they hold: each required key is given its
 * property, so a generated client knows each one.
 */
function nameRecordKeys(node: unknown): void {
  if (!isObject(node)) return;
  const { required, properties, additionalProperties } = node;
  if (Array.isArray(required) && isObject(additionalProperties)) {
    const named: JsonObject = isObject(properties) ? properties : {};
    for (const key of required)
      if (typeof key === 'string' && !(key in named)) named[key] = additionalProperties;
    node.properties = named;
  }
  // Arrays are objects too: their items are walked as values.
  for (const value of Object.values(node)) nameRecordKeys(value);
}

/** The finished document: every operation's refusals answered with the error envelope, records' keys named. */
const finishDocument: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as JsonObject & { paths?: Record<string, JsonObject> };
  for (const operations of Object.values(document.paths ?? {}))
    for (const operation of Object.values(operations)) {
      if (!isObject(operation)) continue;
      const refusals = (operation[REFUSALS_KEY] as number[] | undefined) ?? [];
      delete operation[REFUSALS_KEY];
      const responses = (operation.responses ?? {}) as JsonObject;
      for (const status of refusals)
        responses[status] ??= {
          description: REFUSALS[status] ?? 'Refused',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        };
      operation.responses = responses;
    }
  nameRecordKeys(document.paths);
  return document;
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
          'Authenticate with a personal token (POST /api/account/tokens, `mxd_…`; a `read` token may not change anything) or the access token ' +
          'of POST /api/auth/login as a bearer token, or with the cookies the login sets (then send the token of GET /api/csrf-token in ' +
          'X-XSRF-TOKEN with every state-changing request). Webhooks (POST /api/webhooks) are POSTed JSON { id, type, createdAt, data } ' +
          'signed in `Mixdesk-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the webhook\'s secret>`.',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The access token of POST /api/auth/login (a JWT, 15 minutes), or a personal token (`mxd_…`) made at POST /api/account/tokens',
          },
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: ACCESS_COOKIE,
            description: `The cookie sign-in sets (\`__Host-${ACCESS_COOKIE}\` over https); changes need X-XSRF-TOKEN`,
          },
        },
        schemas: { ApiError: toJsonSchema(ApiErrorSchema) as object },
      },
    },
    transform,
    transformObject: finishDocument,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    OPENAPI_PATH,
    {
      schema: {
        operationId: 'platformOpenApi',
        summary: 'Get this OpenAPI document',
        response: { 200: OpenApiDocumentSchema },
      },
    },
    async () => app.swagger() as z.infer<typeof OpenApiDocumentSchema>,
  );

  // No validator badge (the plugin's default): it would load an image from validator.swagger.io.
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}
