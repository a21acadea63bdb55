// The API's routes, declared once (issue #33, decision 039): method, path, and the schemas of the path's
// params, the query, the body and the success answer. The server registers each route from its declaration
// (apps/server/src/platform/http/contract-routes.ts) and the web calls it through `call` (apps/web/src/lib/call.ts),
// so a changed path, field or answer fails the type check on both sides, and both validate with one schema.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: Method;
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

/** Declares an area's routes, keeping each one's exact types. */
export const defineRoutes = <const T extends Record<string, RouteDef>>(routes: T): T => routes;

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
