// Calls a route the contract declares (packages/contract/src/routes.ts, decision 039): the path filled from
// its params, its method, query and body, and the answer parsed with the declared schema. A changed path,
// parameter, field or answer in the contract fails the type check here and on the server alike.
import { type Answer, type CallInput, fillPath, type RouteDef } from '@mixdesk/contract/routes';
import type { z } from 'zod';
import { api } from './api';

export interface CallOptions {
  signal?: AbortSignal;
  /** false for calls whose 401 means "wrong credentials", not "token expired" (see lib/api.ts). */
  auth?: boolean;
  timeoutMs?: number;
}

export function call<R extends RouteDef>(
  route: R,
  input: CallInput<R>,
  options: CallOptions = {},
): Promise<Answer<R>> {
  return api.request(fillPath(route.path, input.params ?? {}), {
    method: route.method,
    query: input.query,
    body: input.body,
    schema: route.response as z.ZodType<Answer<R>>,
    ...options,
  });
}
