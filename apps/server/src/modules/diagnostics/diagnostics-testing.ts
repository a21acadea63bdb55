// Test factories for diagnostics: an app whose administrator is a registered user, and the calls it makes.
import type { FastifyInstance } from 'fastify';
import {
  bearer,
  createTestApp,
  registerUser,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import type { Config } from '../../config.ts';

export const DIAGNOSTICS_URLS = [
  ['GET', '/api/diagnostics/health'],
  ['GET', '/api/diagnostics/system'],
  ['GET', '/api/diagnostics/database'],
  ['POST', '/api/diagnostics/test/database'],
  ['POST', '/api/diagnostics/test/no-such-service'],
] as const;

/** A test app with one administrator (ADMIN_EMAILS) signed in. */
export async function appWithAdmin(overrides: Partial<Config> = {}): Promise<TestApp & { admin: SignedIn }> {
  const email = uniqueEmail('admin');
  const t = await createTestApp({ adminEmails: [email], ...overrides });
  const admin = await registerUser(t.app, { name: 'Ada Admin', email });
  return { ...t, admin };
}

export async function health(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/diagnostics/health', headers: bearer(token) });
}

export async function testService(app: FastifyInstance, token: string, name: string) {
  return app.inject({ method: 'POST', url: `/api/diagnostics/test/${name}`, headers: bearer(token) });
}
