// Sign-in guards: the preHandlers that let a caller in (any signed-in caller, or an administrator), marked
// where they are made so the OpenAPI document (openapi.ts) can secure each route as its guard says rather
// than as a second list would.
import type { preHandlerHookHandler } from 'fastify';

/** Who a guard (a route's preHandler) lets in: any signed-in caller, or an administrator. */
export type Guard = 'user' | 'admin';
const guards = new WeakMap<object, Guard>();

/** Marks a preHandler as a sign-in guard, so the document gives its routes `security` and their 401 and 403. */
export function markGuard(handler: preHandlerHookHandler | object, guard: Guard): void {
  guards.set(handler, guard);
}

/** The guard a route's preHandlers include (an administrator's over a user's), or null for a public route. */
export function guardOf(route: object): Guard | null {
  const pre = (route as { preHandler?: unknown }).preHandler;
  let found: Guard | null = null;
  for (const handler of Array.isArray(pre) ? pre : pre ? [pre] : []) {
    const guard = guards.get(handler as object);
    if (guard === 'admin') return guard;
    found = guard ?? found;
  }
  return found;
}
