// Every route the contract declares (packages/contract/src/routes/) is one the app serves, at that method and
// path; and a declaration is refused by a plugin mounted elsewhere, rather than served at a path nobody calls.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RouteDef } from '@mixdesk/contract/routes';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { serve } from './contract-routes.ts';

const ROUTES_DIR = path.resolve(import.meta.dirname, '../../../../../packages/contract/src/routes');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function declaredRoutes(): Promise<[string, RouteDef][]> {
  const out: [string, RouteDef][] = [];
  for (const file of readdirSync(ROUTES_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(path.join(ROUTES_DIR, file))) as Record<string, Record<string, RouteDef>>;
    for (const [group, routes] of Object.entries(mod))
      for (const [name, route] of Object.entries(routes)) out.push([`${group}.${name}`, route]);
  }
  return out;
}

describe('the contract’s routes', () => {
  it('are all served, each at its method and path, and no two alike', async () => {
    const routes = await declaredRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const [name, route] of routes)
      expect(
        t.app.hasRoute({ method: route.method, url: route.path }),
        `${name}: ${route.method} ${route.path}`,
      ).toBe(true);
    const keys = routes.map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are refused by a plugin mounted under another prefix', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const declared = {
      method: 'GET',
      path: '/api/clients/:id',
      summary: 'A route declared under /api/clients',
      response: z.object({ ok: z.boolean() }),
    } as const;
    const mounting = async () => {
      await app.register(
        async (plugin) => {
          serve(plugin, declared, {}, async () => ({ ok: true }));
        },
        { prefix: '/api/projects' },
      );
      await app.ready();
    };
    await expect(mounting()).rejects.toThrow('GET /api/clients/:id is declared outside its plugin’s prefix');
    await app.close();
  });
});
