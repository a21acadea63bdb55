// The API's routes, declared once (issue #33, decision 039): method, path, and the schemas of the path's
// params, the query, the body and the success answer. The server registers each route from its declaration
// (apps/server/src/platform/http/contract-routes.ts) and the web calls it through `call` (apps/web/src/lib/call.ts),
// so a changed path, field or answer fails the type check on both sides, and both validate with one schema.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A refusal a route can give beyond the ones the OpenAPI document lists for every route by what it has
 * (400 for a body, query or params to validate, 401 and 403 behind sign-in, 404 for a path parameter, 429 and
 * 500 everywhere): 409 a conflict, 413 too large, 415 a type it does not take, 416 a range past the end, 410
 * gone, 412 a precondition, 422 unprocessable, 423 locked, 460 a chunk whose checksum does not match (tus), 503
 * unavailable, 507 out of storage; 401 on a public route that checks a password or a token of its own.
 */
export type RefusalStatus = 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 416 | 422 | 423 | 460 | 503 | 507;

export interface RouteDef {
  method: Method;
  /** One line for the API's reference (the OpenAPI operation's summary). */
  summary: string;
  /** The refusals it can give beyond those every route of its kind can (see RefusalStatus). */
  errors?: readonly RefusalStatus[];
  /** Set by defineRoutes: the group's name and the route's key, as the OpenAPI operationId (`projectCreate`). */
  operationId?: string;
  /** The full path, `:name` for a path parameter (`/api/clients/:id`). */
  path: `/api/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status: 200 unless said. */
  status?: 200 | 201 | 202;
  /** The success answer (an envelope). */
  response: z.ZodType;
}

/** Every declared route by `METHOD /api/path`: the OpenAPI document reads each operation's name from here. */
const declared = new Map<string, RouteDef>();

/** The declaration of the route at `method` and `path` (`:id` form), if the contract declares one. */
export const declaredRoute = (method: string, path: string): RouteDef | undefined =>
  declared.get(`${method.toUpperCase()} ${path}`);

/**
 * Declares a group of routes (an area's, or a part of one), keeping each one's exact types. Each route's
 * operationId is the group's name and its key (`project` + `create`: `projectCreate`).
 */
export function defineRoutes<const T extends Record<string, RouteDef>>(group: string, routes: T): T {
  for (const [key, route] of Object.entries(routes)) {
    route.operationId = `${group}${key.charAt(0).toUpperCase()}${key.slice(1)}`;
    declared.set(`${route.method} ${route.path}`, route);
  }
  return routes;
}

/** The names of a path's `:params`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path with its `:params` filled in, each encoded as one path segment. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${path} needs its "${name}" parameter`);
    return encodeURIComponent(String(value));
  });
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type QueryValue = string | number | boolean | null | undefined;

/** What a caller sends to a route: its path's params, its query (by the schema's keys) and its body. */
export type CallInput<R extends RouteDef> = ([PathParams<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParams<R['path']>, string> }) &
  (R['query'] extends z.ZodType
    ? { query?: { [K in keyof InputOf<R['query']>]?: QueryValue } }
    : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: InputOf<R['body']> } : { body?: undefined });

/** The success answer a route gives, as parsed by its schema. */
export type Answer<R extends RouteDef> = z.output<R['response']>;
