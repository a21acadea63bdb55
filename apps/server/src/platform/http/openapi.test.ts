import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { isDocsRoute } from './openapi.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Every route the app answers (HEAD aside), read from Fastify's own route tree rather than from the swagger
 * plugin, so that a route the plugin never saw is caught too.
 */
function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \((.+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack[depth] = (stack[depth - 1] ?? '') + m[2];
    stack.length = depth + 1;
    for (const method of m[3]?.split(', ') ?? [])
      if (method !== 'HEAD') routes.push({ method, url: stack[depth]! });
  }
  return routes;
}

/** A route's path as the document writes it: `{id}` for `:id`, no trailing slash. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

const hasSchema = (media: Record<string, { schema?: object }> | undefined) =>
  Object.values(media ?? {}).some((m) => m.schema && Object.keys(m.schema).length > 0);

/** What is wrong with a route's entry in the document, if anything. */
function problemOf(doc: Document, method: string, url: string): string | null {
  const operation = doc.paths[documentPath(url)]?.[method.toLowerCase()];
  if (!operation) return 'not in the document';
  const described = Object.entries(operation.responses ?? {}).filter(
    // A 204 has no body by definition (the tus protocol's answers are in their headers); a redirect (single
    // sign-on's start and callback) says where in its Location header.
    ([status, r]) =>
      status === '204' || /^30[1-8]$/.test(status) || (status.startsWith('2') && hasSchema(r.content)),
  );
  return described.length > 0 ? null : 'no response schema';
}

/** How every refusal is described: the error envelope, defined once. */
const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3 document served as JSON to anyone', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: 'Mixdesk API', version: expect.any(String) });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
  });

  it('describes every API route, with a response schema', () => {
    const routes = routesOf(t.app).filter((r) => r.url.startsWith('/api/') && !isDocsRoute(r.url));
    // The route tree was read (a parse that found nothing would make this test pass for nothing).
    expect(routes).toContainEqual({ method: 'GET', url: '/api/projects/:id' });
    expect(routes.length).toBeGreaterThan(80);
    const problems = routes
      .map((r) => ({ route: `${r.method} ${r.url}`, problem: problemOf(doc, r.method, r.url) }))
      .filter((p) => p.problem !== null);
    expect(problems).toEqual([]);
  });

  it('names, sums up, tags and secures every operation, and lists its refusals with the error envelope', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })),
    );
    const lacking = operations
      .filter(
        ({ op }) => !op.operationId || !op.summary || op.tags?.length !== 1 || !Array.isArray(op.security),
      )
      .map(({ at }) => at);
    expect(lacking).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const withoutRefusals = operations
      .filter(({ op }) => {
        const refusals = Object.entries(op.responses ?? {}).filter(([status]) => /^[45]/.test(status));
        return (
          refusals.length === 0 ||
          refusals.some(([, r]) => JSON.stringify(r.content) !== JSON.stringify(ERROR_CONTENT))
        );
      })
      .map(({ at }) => at);
    expect(withoutRefusals).toEqual([]);
  });

  it('secures what needs a sign-in and leaves the public routes open', () => {
    const security = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    expect(security('/api/projects', 'get')).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(security('/api/diagnostics/health', 'get')).toEqual([{ bearer: [] }, { cookie: [] }]);
    for (const [path, method] of [
      ['/api/health', 'get'],
      ['/api/auth/login', 'post'],
      ['/api/share/{token}', 'get'],
      ['/api/sign/{token}', 'get'],
    ] as const)
      expect(security(path, method), `${method} ${path}`).toEqual([]);
    const project = doc.paths['/api/projects/{id}']?.get?.responses ?? {};
    expect(Object.keys(project)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '429', '500']));
    // An administrators' route answers anyone else 404, as if it did not exist.
    const health = doc.paths['/api/diagnostics/health']?.get?.responses ?? {};
    expect(Object.keys(health)).toContain('404');
    expect(Object.keys(health)).not.toContain('401');
  });

  it('documents what a client following it needs, where fuzzing from it found gaps (issue #38)', () => {
    const query = (path: string, method: string) =>
      Object.fromEntries(
        (doc.paths[path]?.[method]?.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p]),
      );
    const versions = query('/api/projects/{id}/tracks/{trackId}/versions', 'post');
    expect(versions.label?.schema).toMatchObject({ type: 'string', maxLength: 100 });
    expect(versions.makeCurrent?.schema).toMatchObject({ enum: ['true', 'false'] });
    expect(query('/api/projects/{id}/files', 'post').category?.schema).toMatchObject({
      enum: expect.arrayContaining(['stems', 'artwork', 'other']),
    });
    const body = (path: string, method: string) =>
      doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema as
        | { properties?: Record<string, Record<string, unknown>>; minProperties?: number }
        | undefined;
    expect(body('/api/auth/register', 'post')?.properties?.email).toMatchObject({ format: 'email' });
    expect(body('/api/projects/{id}', 'put')?.minProperties).toBe(1);
    expect(query('/api/projects', 'get').status?.schema).toMatchObject({
      enum: expect.arrayContaining(['planning', 'released']),
    });
    const created = (doc.paths['/api/projects']?.post?.responses?.['201']?.content?.['application/json']
      ?.schema ?? {}) as { properties?: { data?: { properties?: { project?: { properties?: object } } } } };
    expect(created.properties?.data?.properties?.project?.properties).toMatchObject({
      createdAt: { type: 'string', format: 'date-time' },
    });
    // A project's file is sent in the type it was stored with, not as octet-stream.
    const file = doc.paths['/api/projects/{id}/files/{fileId}/download']?.get?.responses?.['200']?.content;
    expect(Object.keys(file ?? {})).toEqual(['*/*']);
  });

  it('names every path parameter of every operation', () => {
    const unnamed: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(operations)) {
        const given = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        for (const name of names) if (!given.includes(name!)) unnamed.push(`${method} ${path} {${name}}`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('describes the bodies handlers read themselves: uploads and the PDF to verify', () => {
    const upload = doc.paths['/api/projects/{id}/tracks/{trackId}/versions']?.post?.requestBody?.content;
    expect(upload?.['application/octet-stream']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload?.['multipart/form-data']?.schema).toMatchObject({
      properties: { file: { format: 'binary' }, label: { type: 'string' } },
      required: ['file'],
    });
    const verify = doc.paths['/api/documents/verify']?.post?.requestBody?.content;
    expect(verify?.['application/pdf']?.schema).toMatchObject({ format: 'binary' });
    const audio = doc.paths['/api/projects/{id}/tracks/{trackId}/versions/{versionId}/audio']?.get;
    expect(audio?.responses?.['206']?.content?.['audio/*']?.schema).toMatchObject({ format: 'binary' });
  });

  it('lists the administrators-only routes too, and leaves out /metrics (text) and the docs UI', () => {
    expect(doc.paths['/api/diagnostics/health']?.get).toBeDefined();
    expect(doc.paths['/metrics']).toBeUndefined();
    expect(Object.keys(doc.paths).filter(isDocsRoute)).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('is a browsable page under the pages’ CSP (our scripts only)', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-initializer.js');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
  });

  it('leaves the API answers their own headers', async () => {
    for (const url of ['/api/openapi.json', '/api/docsx', '/api/health']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    }
  });
});
