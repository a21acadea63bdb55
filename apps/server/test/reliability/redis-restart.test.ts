// Redis stopped under load and started again on the same port, under two instances on one PostgreSQL schema.
// While it is down no request fails, live events still reach the sockets of the instance that sent them, and
// the diagnostics say the cache is down; once it is back, the same processes see it online and events cross
// between the instances through it again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HealthReportSchema, PROBE_TIMEOUT_MS, type ServiceHealth } from '@mixdesk/contract/diagnostics';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, expect, it } from 'vitest';
import { RATE_LIMIT_NAMES } from '../../src/config-rate-limits.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { addTrack, projectWithPeople } from '../../src/modules/media/media-testing.ts';
import { join, open } from '../../src/platform/realtime/realtime-testing.ts';
import { bearer, registerUser, type SignedIn, TEST_DATABASE_URL, uniqueEmail } from '../helper.ts';
import { endpoint, type Instance, startInstance, stopInstance } from '../instance-process.ts';
import { freePort, type RunningRedis, startRedis, until } from '../services.ts';
import { failuresByStatus, type OutageLoad, outageLoad, slowest } from './outage-load.ts';

const WORKERS_PER_INSTANCE = 2;
/** How long Redis stays down. */
const OUTAGE_MS = 8_000;
/** An event that has not arrived after this long is taken as not coming. */
const EVENT_WITHIN_MS = 3_000;

const started: {
  redis?: RunningRedis;
  instances: Instance[];
  database?: Database;
  schema?: string;
  loads: OutageLoad[];
  sockets: Socket[];
  dir?: string;
} = { instances: [], loads: [], sockets: [] };

afterAll(async () => {
  for (const s of started.sockets) s.close();
  for (const load of started.loads) await load.stop();
  for (const instance of started.instances)
    if (instance.child.exitCode !== null || instance.child.signalCode !== null)
      console.error(`Instance ${instance.name} stopped:\n${instance.output()}`);
  await Promise.all(started.instances.map(stopInstance));
  await started.redis?.stop();
  await started.database?.close();
  if (started.schema) {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists "${started.schema}" cascade`);
    await admin.end();
  }
  if (started.dir) rmSync(started.dir, { recursive: true, force: true });
}, 60_000);

/** Whether `socket` hears of the activity whose summary names `title` within EVENT_WITHIN_MS. */
function hears(socket: Socket, title: string): Promise<boolean> {
  return new Promise((resolve) => {
    const onActivity = (e: { activity: { summary: string } }) => {
      if (!e.activity.summary.includes(`'${title}'`)) return;
      done(true);
    };
    const timer = setTimeout(() => done(false), EVENT_WITHIN_MS);
    const done = (result: boolean) => {
      clearTimeout(timer);
      socket.off('activity:new', onActivity);
      resolve(result);
    };
    socket.on('activity:new', onActivity);
  });
}

it('keeps serving while Redis is down, shows it in the diagnostics, and uses it again once it is back', async () => {
  started.dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-redis-restart-'));
  started.schema = `redis_restart_${Date.now().toString(36)}`;
  const redisPort = await freePort();
  started.redis = await startRedis(redisPort);
  const adminEmail = uniqueEmail('admin');
  const [portA, portB] = [await freePort(), await freePort()];
  const shared = {
    HOST: '127.0.0.1',
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_SCHEMA: started.schema,
    REDIS_URL: started.redis.url,
    ADMIN_EMAILS: adminEmail,
    // The diagnostics write a probe file to the temp dir and keep it: into the test's own, removed after.
    TMPDIR: started.dir,
    SEED_DEMO: '0',
    LOG_PRETTY: '0',
    LOG_LEVEL: 'warn',
    ...Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [`RATE_LIMIT_${name.toUpperCase()}`, '1000000'])),
  };
  started.instances = await Promise.all([
    startInstance('a', { ...shared, PORT: String(portA), DATA_DIR: path.join(started.dir, 'a') }),
    startInstance('b', { ...shared, PORT: String(portB), DATA_DIR: path.join(started.dir, 'b') }),
  ]);
  const [a, b] = started.instances as [Instance, Instance];
  started.database = await openDatabase({
    database: { kind: 'postgres', url: TEST_DATABASE_URL, schema: started.schema },
  });
  const apiA = endpoint(a.url, started.database.db);
  const apiB = endpoint(b.url, started.database.db);

  const admin = await registerUser(apiA, { name: 'Ada Admin', email: adminEmail });
  const servicesOf = async (instance: Instance) => {
    const res = await fetch(`${instance.url}/api/diagnostics/health`, { headers: bearer(admin.token) });
    expect(res.status).toBe(200);
    return HealthReportSchema.parse((await res.json()).data).services;
  };
  const cacheOf = async (instance: Instance): Promise<ServiceHealth> => (await servicesOf(instance)).cache;
  const f = await projectWithPeople(apiA);
  const onA = await open(a.url, f.owner.token);
  const onB = await open(b.url, f.editor.token);
  started.sockets.push(onA, onB);
  await join(onA, f.projectId);
  await join(onB, f.projectId);

  /** A track added through `via`: whether the sockets on A and on B heard of it. */
  let tracks = 0;
  const crossing = async (via: typeof apiA) => {
    const title = `Track ${++tracks}`;
    const heard = [hears(onA, title), hears(onB, title)];
    await addTrack(via, f.owner.token, f.projectId, { title });
    const [onAHeard, onBHeard] = await Promise.all(heard);
    return { a: onAHeard!, b: onBHeard! };
  };
  expect(await crossing(apiA)).toEqual({ a: true, b: true });
  expect(await cacheOf(a)).toMatchObject({ status: 'online', error: null });

  const people: SignedIn[][] = [[], []];
  for (let i = 0; i < WORKERS_PER_INSTANCE; i++) {
    people[0]!.push(await registerUser(apiA, { name: `Worker A${i}` }));
    people[1]!.push(await registerUser(apiB, { name: `Worker B${i}` }));
  }
  const loads = [outageLoad(a.url, people[0]!), outageLoad(b.url, people[1]!)];
  started.loads = loads;
  const answers = () => loads.flatMap((l) => l.answers);
  await until(async () => answers().length >= 100, 60_000, 'the load to be under way');

  // Down.
  await started.redis.stop();
  const downFrom = Date.now();
  let down: ServiceHealth | undefined;
  await until(
    async () => {
      down = await cacheOf(a);
      return down.status === 'offline' || down.status === 'error';
    },
    PROBE_TIMEOUT_MS * 3,
    'the diagnostics to show the cache down',
  );
  const shownDownMs = Date.now() - downFrom;
  const downOnB = await cacheOf(b);
  const realtimeDown = (await servicesOf(a)).realtime;
  // Events still reach the sockets of the instance that sent them.
  const whileDown = [await crossing(apiA), await crossing(apiB)];
  // A new live connection is let in, and can join the project.
  const late = await open(a.url, f.viewer.token);
  started.sockets.push(late);
  const joinedDown = await Promise.race([
    join(late, f.projectId).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(resolve, EVENT_WITHIN_MS, false)),
  ]);
  await until(
    async () =>
      Date.now() - downFrom >= OUTAGE_MS && answers().filter((x) => x.startedAt >= downFrom).length >= 50,
    OUTAGE_MS + 30_000,
    'requests while Redis is down',
  );
  const downAnswers = answers().filter((x) => x.startedAt >= downFrom);

  // Up again, on the same port.
  started.redis = await startRedis(redisPort);
  const upFrom = Date.now();
  await until(
    async () => (await cacheOf(a)).status === 'online',
    15_000,
    'the diagnostics to show the cache online',
  );
  const shownUpMs = Date.now() - upFrom;
  await until(async () => (await cacheOf(b)).status === 'online', 15_000, 'B to see the cache online');
  // Events cross between the instances again, both ways (each instance's publisher and subscriber
  // reconnect by themselves, each on its own back-off).
  const crossed = { fromB: false, fromA: false };
  await until(
    async () => {
      if (!crossed.fromB) {
        const seen = await crossing(apiB);
        crossed.fromB = seen.a && seen.b;
      }
      if (crossed.fromB && !crossed.fromA) {
        const seen = await crossing(apiA);
        crossed.fromA = seen.a && seen.b;
      }
      return crossed.fromA && crossed.fromB;
    },
    20_000,
    'events to cross between A and B again, both ways',
  );
  const crossedAgainMs = Date.now() - upFrom;
  await until(
    async () => answers().filter((x) => x.startedAt >= upFrom).length >= 50,
    60_000,
    'requests after',
  );
  for (const load of loads) await load.stop();

  const all = answers();
  const acknowledged = loads.flatMap((l) => l.acknowledged.clients);
  const stored = await started.database.db
    .selectFrom('clients')
    .select('id')
    .where('id', 'in', acknowledged)
    .execute();
  console.log(
    `Redis restart: ${all.length} requests, failures by status ${JSON.stringify(failuresByStatus(all))}, ` +
      `slowest answer ${slowest(all)} ms; while down (${((upFrom - downFrom) / 1000).toFixed(1)} s): ` +
      `${downAnswers.length} requests, slowest ${slowest(downAnswers)} ms; diagnostics showed the cache ` +
      `${down?.status} after ${shownDownMs} ms (${down?.error}), on B ${downOnB.status}, realtime ${realtimeDown.status} ` +
      `(${realtimeDown.error}); cache online again ${shownUpMs} ms after Redis started; ` +
      `events while down: written on A heard on A ${whileDown[0]!.a}, on B ${whileDown[0]!.b}; ` +
      `written on B heard on B ${whileDown[1]!.b}, on A ${whileDown[1]!.a}; a socket joined a project while down: ` +
      `${joinedDown}; events crossed instances again ${crossedAgainMs} ms after Redis started; ` +
      `writes acknowledged ${acknowledged.length}, stored ${stored.length}`,
  );

  expect(failuresByStatus(all)).toEqual({});
  expect(downAnswers.length).toBeGreaterThanOrEqual(50);
  expect(down?.error).toMatch(/Redis|ECONNREFUSED|closed|No answer/i);
  expect(whileDown[0]!.a).toBe(true);
  expect(whileDown[1]!.b).toBe(true);
  expect(joinedDown).toBe(true);
  expect(onA.connected && onB.connected).toBe(true);
  expect(stored).toHaveLength(acknowledged.length);
  expect(['offline', 'error']).toContain(downOnB.status);
  for (const instance of [a, b]) {
    // The outage is logged once by the realtime fan-out, not at every reconnection attempt.
    expect(instance.output().split('Redis is unreachable: live events').length - 1).toBe(1);
    expect(instance.child.exitCode).toBeNull();
    expect(instance.child.signalCode).toBeNull();
  }
});
