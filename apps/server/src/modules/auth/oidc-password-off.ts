// PASSWORD_LOGIN=0 (decision 045): people sign in only through single sign-on, so the password routes
// (sign-in, registration, the reset links) answer 403 with a message saying so, before their body is read.
import { PASSWORD_LOGIN_OFF } from '@mixdesk/contract/oidc';
import type { RouteDef } from '@mixdesk/contract/routes';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

/** An onRequest hook for a plugin that refuses `refusedRoutes` while password sign-in is off; else nothing. */
export function passwordRoutesGuard(
  config: AppConfig,
  refusedRoutes: readonly RouteDef[],
): onRequestAsyncHookHandler {
  const refusedKeys = new Set(refusedRoutes.map((route) => `${route.method} ${route.path}`));
  const off = config.passwordLogin === false;
  return async (request: FastifyRequest) => {
    if (off && refusedKeys.has(`${request.method} ${request.routeOptions.url}`))
      throw new AppError('FORBIDDEN', PASSWORD_LOGIN_OFF);
  };
}
