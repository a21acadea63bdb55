// The report tells the truth when things break: a Redis the test starts and stops itself, and a PostgreSQL
// taken away behind a relay. The server stays up, and both recover without a restart.
import { HealthReportSchema, PROBE_MIN_INTERVAL_MS, PROBE_TIMEOUT_MS } from '@mixdesk/contract/diagnostics';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../../test/helper.ts';
import { freePort, startRedis, startRelay, until } from '../../../test/services.ts';
import { randomToken } from '../../platform/ids.ts';
import { appWithAdmin, health } from './diagnostics-testing.ts';

async function reportOf(t: Awaited<ReturnType<typeof appWithAdmin>>) {
  const res = await health(t.app, t.admin.token);
  expect(res.statusCode).toBe(200);
  return HealthReportSchema.parse(res.json().data);
}

describe('with Redis', () => {
  it('shows the cache online, then offline when Redis stops, then online again when it is back', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const t = await appWithAdmin({ redisUrl: redis.url });
    try {
      const up = await reportOf(t);
      expect(up.services.cache).toMatchObject({ status: 'online', fallbackActive: false, error: null });
      expect(up.services.cache.latency).toBeGreaterThanOrEqual(0);
      expect(up.services.realtime.details.adapter).toBe('redis');
      expect(up.connections.find((c) => c.type === 'cache')).toMatchObject({
        name: 'Redis cache',
        status: 'connected',
        url: `redis://127.0.0.1:${port}`,
      });

      await redis.stop();
      const stoppedAt = Date.now();
      let down = up;
      await until(
        async () => {
          down = await reportOf(t);
          return down.services.cache.status === 'offline' || down.services.cache.status === 'error';
        },
        PROBE_TIMEOUT_MS * 3,
        'the cache to be reported down',
      );
      expect(Date.now() - stoppedAt).toBeLessThan(PROBE_TIMEOUT_MS * 3);
      expect(down.services.cache.error).toMatch(/Redis|ECONNREFUSED|closed|No answer/i);
      expect(down.status).toBe('degraded');
      expect(down.services.database.status).toBe('online');
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      redis = await startRedis(port);
      await until(
        async () => (await reportOf(t)).services.cache.status === 'online',
        10_000,
        'the cache to be reported back online',
      );
    } finally {
      await t.close();
      await redis.stop();
    }
  });
});

describe('with PostgreSQL taken away', () => {
  it('reports unhealthy within the probe timeout, stays up, and recovers when the database is back', async () => {
    const target = new URL(TEST_DATABASE_URL);
    let relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(TEST_DATABASE_URL);
    url.port = String(relay.port);
    const schema = `t_outage_${randomToken(6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;
    const t = await appWithAdmin({ database: { kind: 'postgres', url: url.toString(), schema } });
    try {
      expect((await reportOf(t)).services.database.status).toBe('online');
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      await relay.stop();
      const stoppedAt = Date.now();
      let down = await reportOf(t);
      await until(
        async () => {
          const asked = Date.now();
          down = await reportOf(t);
          // Each answer comes within the probe timeout, even while the database is gone.
          expect(Date.now() - asked).toBeLessThan(PROBE_TIMEOUT_MS + 500);
          return down.status === 'unhealthy';
        },
        PROBE_MIN_INTERVAL_MS + PROBE_TIMEOUT_MS * 2,
        'the report to say unhealthy',
      );
      expect(Date.now() - stoppedAt).toBeLessThan(PROBE_MIN_INTERVAL_MS + PROBE_TIMEOUT_MS * 2);
      expect(['offline', 'error']).toContain(down.services.database.status);
      expect(down.services.database.error).toBeTruthy();
      expect(down.connections[0]).toMatchObject({
        type: 'database',
        status: expect.stringMatching(/error|disconnected/),
      });
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().success).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) }, relay.port);
      await until(
        async () => (await reportOf(t)).status !== 'unhealthy',
        10_000,
        'the database to come back',
      );
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      // The helper's close reaches the database through the relay: give it back first.
      await relay.stop();
      relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) }, relay.port);
      await t.close();
      await relay.stop();
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  });
});
