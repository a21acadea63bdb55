// The diagnostics API: administrators only (everyone else cannot tell it exists), a health report of the
// contract's shape that tells the truth, Test Service without extra probes, and /api/ready.

import type { AddressInfo } from 'node:net';
import {
  DatabaseReportSchema,
  HealthReportSchema,
  SERVICE_NAMES,
  ServiceTestResultSchema,
  SystemReportSchema,
} from '@mixdesk/contract/diagnostics';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, TEST_DIALECT, type TestApp } from '../../../test/helper.ts';
import { appWithAdmin, DIAGNOSTICS_URLS, health, testService } from './diagnostics-testing.ts';

let t: TestApp & Awaited<ReturnType<typeof appWithAdmin>>;
beforeAll(async () => {
  t = await appWithAdmin();
});
afterAll(async () => {
  await t.close();
});

describe('who may see the diagnostics', () => {
  it('answers every diagnostics URL with the unknown-route 404 to the signed out, a stranger and a bad token', async () => {
    const stranger = await registerUser(t.app);
    const callers = [{}, bearer(stranger.token), bearer('not-a-token'), { cookie: 'mixdesk_access=junk' }];
    for (const [method, url] of DIAGNOSTICS_URLS) {
      for (const headers of callers) {
        const res = await t.app.inject({ method, url, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          message: `No API route ${method} ${url}`,
          error: { code: 'NOT_FOUND' },
        });
      }
    }
    // Indistinguishable from a path that really does not exist.
    const unknown = await t.app.inject({ method: 'GET', url: '/api/diagnostics-not-here', headers: {} });
    expect(unknown.json().message).toBe('No API route GET /api/diagnostics-not-here');
  });

  it('flags administrators on the current user, and nobody else', async () => {
    const stranger = await registerUser(t.app);
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect((await me(t.admin.token)).json().data.user.isAdmin).toBe(true);
    expect((await me(stranger.token)).json().data.user.isAdmin).toBe(false);
  });

  it('makes the demo account an administrator only while the demo is seeded', async () => {
    for (const seedDemo of [true, false]) {
      const app = await createTestApp({ seedDemo, demoEmail: 'demo.admin@example.com' });
      try {
        const demo = await registerUser(app.app, { email: 'demo.admin@example.com' });
        const res = await health(app.app, demo.token);
        expect(res.statusCode).toBe(seedDemo ? 200 : 404);
      } finally {
        await app.close();
      }
    }
  });

  it('refuses a cookie-signed Test Service without its CSRF token with the same 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/diagnostics/test/database',
      cookies: t.admin.cookies,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the health report', () => {
  it('has every field of the contract, from real probes', async () => {
    const res = await health(t.app, t.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = HealthReportSchema.parse(res.json().data);
    expect(Object.keys(report.services).sort()).toEqual([...SERVICE_NAMES].sort());
    expect(report.databaseEngine).toBe(TEST_DIALECT === 'postgres' ? 'PostgreSQL' : 'SQLite');
    expect(report.services.database.status).toBe('online');
    expect(report.services.database.latency).toBeGreaterThanOrEqual(0);
    if (TEST_DIALECT === 'postgres') expect(report.services.database.details.poolMax).toBeGreaterThan(0);
    else expect(report.services.database.details.walBytes).toBeGreaterThanOrEqual(0);
    // No Redis and no SMTP here: the embedded shape, working as designed: online, and the report says what runs.
    expect(report.services.cache).toMatchObject({ status: 'online', fallbackActive: false, fallback: null });
    expect(report.services.cache.embedded).toMatch(/^embedded, in-process/);
    expect(report.services.mail).toMatchObject({ status: 'online', fallbackActive: false, fallback: null });
    expect(report.services.mail.embedded).toMatch(/mail_outbox table/);
    expect(report.connections.filter((c) => c.status !== 'connected')).toEqual([]);
    // The admin's verification mail, kept in the outbox: nothing sends it, so it does not wait in the queue.
    expect(report.services.mail.details).toMatchObject({ waiting: 0, retrying: 0, failed: 0 });
    expect(report.services.mail.details.kept).toBeGreaterThanOrEqual(1);
    expect(report.services.storage.status).toBe('online');
    expect(report.services.storage.details.freeBytes).toBeGreaterThan(0);
    expect(report.services.audio).toMatchObject({ status: 'online', error: null });
    // Nothing external is set up: neutral, not counted. A fresh install with every probe passing is healthy.
    expect(report.services.external).toMatchObject({ configured: false, status: 'offline' });
    expect(report.status).toBe('healthy');
    expect(report.connections.map((c) => c.type)).toEqual(['database', 'cache', 'websocket', 'file', 'mail']);
    expect(report.performance.cpu.cores).toBeGreaterThan(0);
    expect(report.performance.memory.heapUsed).toBeLessThanOrEqual(report.performance.memory.heapTotal);
    expect(report.environment.nodeVersion).toBe(process.version);
  });

  it('keeps the server log with its modules, newest first, secrets redacted', async () => {
    await registerUser(t.app, { password: 'Very-Secret-Pass-9' });
    await t.app.inject({ method: 'GET', url: '/api/auth/reset-password?token=leaky-token-value' });
    const report = HealthReportSchema.parse((await health(t.app, t.admin.token)).json().data);
    const text = JSON.stringify(report.logs);
    expect(text).not.toContain('Very-Secret-Pass-9');
    expect(text).not.toContain('leaky-token-value');
    const request = report.logs.find((l) => l.service === 'http' && l.message === 'request completed');
    expect(request?.details).toMatchObject({ method: expect.any(String), status: expect.any(Number) });
    const times = report.logs.map((l) => Date.parse(l.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The screen's own polling is not logged line by line.
    expect(report.logs.some((l) => String(l.details?.url).startsWith('/api/diagnostics/health'))).toBe(false);
  });

  it('sends the kept log again only when a line was written since the version the screen has', async () => {
    const first = HealthReportSchema.parse((await health(t.app, t.admin.token)).json().data);
    expect(first.logs.length).toBeGreaterThan(0);
    expect(first.logsUnchanged).toBe(false);
    const again = (version: number) =>
      t.app.inject({
        url: `/api/diagnostics/health?logsVersion=${version}`,
        headers: { authorization: `Bearer ${t.admin.token}` },
      });
    const same = HealthReportSchema.parse((await again(first.logsVersion)).json().data);
    expect(same).toMatchObject({ logs: [], logsUnchanged: true, logsVersion: first.logsVersion });
    // A line written (any logged request) makes the next answer carry the logs again.
    await t.app.inject({ url: '/api/health' });
    const moved = HealthReportSchema.parse((await again(first.logsVersion)).json().data);
    expect(moved.logsUnchanged).toBe(false);
    expect(moved.logsVersion).toBeGreaterThan(first.logsVersion);
    expect(moved.logs.length).toBeGreaterThan(0);
    for (const bad of ['abc', '-1', '1.5']) {
      const res = await again(bad as unknown as number);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('counts the live connections of the realtime server', async () => {
    const other = await appWithAdmin();
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = other.app.server.address() as AddressInfo;
      const socket = connect(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        auth: { token: other.admin.token },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      try {
        const report = HealthReportSchema.parse((await health(other.app, other.admin.token)).json().data);
        expect(report.services.realtime).toMatchObject({ status: 'online', error: null });
        expect(report.services.realtime.details).toMatchObject({
          connectedSockets: 1,
          adapter: 'in-process',
        });
        expect(report.connections.find((c) => c.type === 'websocket')?.url).toBe(
          'ws://mixdesk.test/socket.io',
        );
      } finally {
        socket.close();
      }
    } finally {
      await other.close();
    }
  });

  it('answers /system and /database with their own shapes', async () => {
    const system = await t.app.inject({
      method: 'GET',
      url: '/api/diagnostics/system',
      headers: bearer(t.admin.token),
    });
    SystemReportSchema.parse(system.json().data);
    const db = await t.app.inject({
      method: 'GET',
      url: '/api/diagnostics/database',
      headers: bearer(t.admin.token),
    });
    const report = DatabaseReportSchema.parse(db.json().data);
    expect(report.engine).toBe(TEST_DIALECT);
    expect(report.version).toMatch(TEST_DIALECT === 'postgres' ? /PostgreSQL/ : /^\d+\.\d+/);
    if (TEST_DIALECT === 'postgres') expect(report.pool?.max).toBeGreaterThan(0);
    else expect(report.file?.sizeBytes).toBeGreaterThan(0);
  });
});

describe('Test Service', () => {
  it('runs a probe now and answers its result', async () => {
    const other = await appWithAdmin();
    try {
      const started = Date.now();
      const res = await testService(other.app, other.admin.token, 'storage');
      const ended = Date.now();
      expect(res.statusCode).toBe(200);
      const { service } = ServiceTestResultSchema.parse(res.json().data);
      expect(service).toMatchObject({ name: 'storage', label: 'File Storage', status: 'online' });
      expect(Date.parse(service.lastCheck)).toBeGreaterThanOrEqual(started);
      expect(Date.parse(service.lastCheck)).toBeLessThanOrEqual(ended);
    } finally {
      await other.close();
    }
  });

  it('answers an unknown service with 404 and the list of names', async () => {
    const res = await testService(t.app, t.admin.token, 'mongodb');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain(SERVICE_NAMES.join(', '));
    const long = await testService(t.app, t.admin.token, 'x'.repeat(300));
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
  });

  it('limits 50 presses in a second, and runs no extra probes for them', async () => {
    const other = await appWithAdmin();
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => testService(other.app, other.admin.token, 'database')),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200).length).toBe(10);
      expect(codes.filter((c) => c === 429).length).toBe(40);
      const limited = answers.find((a) => a.statusCode === 429)!;
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json().message).toMatch(/Too many service tests/);
      const checks = new Set(
        answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.service.lastCheck),
      );
      expect(checks.size).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('readiness', () => {
  it('keeps /api/health public and tiny and answers /api/ready while the database answers', async () => {
    const healthRes = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthRes.statusCode).toBe(200);
    expect(Object.keys(healthRes.json().data)).toEqual(['status', 'uptime']);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ status: 'ready' });
  });
});
