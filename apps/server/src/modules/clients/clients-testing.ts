// Factories for the clients area's API tests: every record is made through the real endpoints.
import type { FastifyInstance } from 'fastify';
import { bearer, type SignedIn, uniqueEmail } from '../../../test/helper.ts';

/** The list orders by creation time (milliseconds): waits for the next one so the order is certain. */
export function nextMillisecond(): void {
  const now = Date.now();
  while (Date.now() === now) {}
}

export function clientBody(overrides: Record<string, unknown> = {}) {
  return { name: 'Test Client', email: uniqueEmail('client'), ...overrides };
}

export async function createClientVia(
  app: FastifyInstance,
  who: SignedIn,
  overrides: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: bearer(who.token),
    payload: clientBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create client failed: ${res.statusCode} ${res.body}`);
  return res.json().data.client as { _id: string; email: string } & Record<string, unknown>;
}

export async function listVia(app: FastifyInstance, who: SignedIn, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/clients${query ? `?${query}` : ''}`,
    headers: bearer(who.token),
  });
  if (res.statusCode !== 200) throw new Error(`list clients failed: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    clients: Array<{ _id: string; name: string } & Record<string, unknown>>;
    pagination: { currentPage: number; totalPages: number; limit: number; totalClients: number };
    summary: {
      total: number;
      active: number;
      potential: number;
      completedProjects: number;
      totalRevenue: number;
    };
  };
}

export async function createProjectVia(
  app: FastifyInstance,
  who: SignedIn,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(who.token),
    payload: { title: 'Linked Project', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create project failed: ${res.statusCode} ${res.body}`);
  return res.json().data.project._id;
}

export async function setProjectStatusVia(
  app: FastifyInstance,
  who: SignedIn,
  projectId: string,
  status: string,
) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/projects/${projectId}`,
    headers: bearer(who.token),
    payload: { status },
  });
  if (res.statusCode !== 200) throw new Error(`update project failed: ${res.statusCode} ${res.body}`);
}

/** Every row of the clients table, for "nothing changed" checks. */
export async function clientsSnapshot(app: FastifyInstance) {
  return app.ctx.db.selectFrom('clients').selectAll().orderBy('id').execute();
}
