// Registers a declared route whose answer is a file (artwork, PDF, XML, CSV, calendar): `serve` answers JSON
// envelopes, so these are registered by hand at the declaration's URL, with its params and the file's types
// for the OpenAPI document (`produces`, a binary 200).
import type { RouteDef } from '@mixdesk/contract/routes';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredUrl } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

export function serveFile<P>(
  app: App,
  route: RouteDef,
  options: { preHandler?: preHandlerHookHandler; produces: readonly string[] },
  handler: (request: FastifyRequest<{ Params: P }>, reply: FastifyReply) => Promise<unknown>,
): void {
  app.get(
    declaredUrl(app, route),
    {
      ...(options.preHandler ? { preHandler: options.preHandler } : {}),
      schema: {
        ...(route.params ? { params: route.params } : {}),
        produces: [...options.produces],
        response: { 200: BinarySchema },
      },
    },
    handler as never,
  );
}
