// Registering a route from its declaration in the contract (packages/contract/src/routes.ts, decision 039):
// the method, the path (less the plugin's prefix) and every schema come from the one declaration the web
// calls by, so the server cannot answer at a path or in a shape the web does not expect. The handler is typed
// by the declaration: its request's params, query and body, and the answer it must give.
import type { RouteDef } from '@mixdesk/contract/routes';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  LogLevel,
  preHandlerHookHandler,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a declared route's handler receives, validated by the declaration's schemas. */
export type DeclaredRequest<R extends RouteDef> = FastifyRequest<{
  Params: Out<R['params']>;
  Querystring: Out<R['query']>;
  Body: Out<R['body']>;
}>;

/** What the handler answers: the declared success answer, or the reply it already sent. */
export type DeclaredAnswer<R extends RouteDef> = z.input<R['response']> | FastifyReply;

// biome-ignore lint/suspicious/noExplicitAny: any server, logger and type provider of an area's plugin
type AnyApp = FastifyInstance<RawServerDefault, any, any, any, ZodTypeProvider>;

export interface ServeOptions<R extends RouteDef = RouteDef> {
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  bodyLimit?: number;
  /** 'warn' for a route polled so often that its request lines would crowd the kept log out. */
  logLevel?: LogLevel;
  /**
   * The server's own check of the body, in place of the declared schema, for a rule stricter than one the
   * web can load up front: a new password must not be too easy to guess (contract/password-policy, whose
   * dictionary the web loads only when someone types a password). It takes the declared body's fields, and
   * its output is the declared body's (the handler is typed by the declaration). OpenAPI describes it.
   */
  strictBody?: z.ZodType<Out<R['body']>>;
}

/**
 * Registers `route` on `app` (an area's plugin, mounted under a prefix the route's path starts with), with
 * the declaration's schemas for params, query, body and the success answer.
 */
export function serve<R extends RouteDef>(
  app: AnyApp,
  route: R,
  options: ServeOptions<R>,
  handler: (request: DeclaredRequest<R>, reply: FastifyReply) => Promise<DeclaredAnswer<R>>,
): void {
  const { strictBody, ...routeOptions } = options;
  app.route({
    method: route.method,
    url: declaredUrl(app, route),
    ...routeOptions,
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: strictBody ?? route.body } : {}),
      response: { [route.status ?? 200]: route.response },
    },
    handler: handler as never,
  });
}

/**
 * The URL, inside `app`'s plugin, of a declared route the area registers by hand because `serve` cannot (its
 * answer is bytes streamed back rather than a JSON envelope, its body raw, or it has several success
 * statuses): the declaration still fixes where it answers, and one outside the plugin's prefix is refused as
 * `serve` refuses it. The hand-written registration takes the declaration's params and query schemas too.
 */
export function declaredUrl(app: AnyApp, route: RouteDef): string {
  if (!route.path.startsWith(app.prefix))
    throw new Error(`${route.method} ${route.path} is declared outside its plugin’s prefix ${app.prefix}`);
  return route.path.slice(app.prefix.length) || '/';
}
