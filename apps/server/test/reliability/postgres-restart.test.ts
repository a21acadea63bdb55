// PostgreSQL stopped under load (immediate: as a crash) and started again, under one running instance. While
// it is down every request is answered within 5 s with a 503 a person can read, /api/ready says 503 and the
// process stays up; once it is back the same process serves again, and every write it acknowledged is there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_NAMES } from '../../src/config-rate-limits.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../src/db/unavailable.ts';
import { addTrack } from '../../src/modules/media/media-testing.ts';
import { join, next, open } from '../../src/platform/realtime/realtime-testing.ts';
import { bearer, registerUser, type SignedIn } from '../helper.ts';
import { endpoint, type Instance, startInstance, stopInstance } from '../instance-process.ts';
import { type PostgresCluster, postgresClusterAvailable, startPostgresCluster } from '../postgres-cluster.ts';
import { freePort, until } from '../services.ts';
import { failuresByStatus, type LoadAnswer, type OutageLoad, outageLoad, slowest } from './outage-load.ts';

const WORKERS = 4;
/** The longest any answer may take, the database up or down. */
const ANSWER_WITHIN_MS = 5_000;
/** How long the database stays down: past the pool's connect timeout, so waits for a connection show too. */
const OUTAGE_MS = 8_000;
/** How soon after PostgreSQL takes connections again requests must succeed. */
const RECOVER_WITHIN_MS = 5_000;

if (!postgresClusterAvailable())
  console.error(
    `\n${'!'.repeat(78)}\n!! POSTGRESQL RESTART NOT TESTED: no pg_ctl in POSTGRES_BIN (apt-get install postgresql).\n${'!'.repeat(78)}\n`,
  );

const started: {
  cluster?: PostgresCluster;
  instance?: Instance;
  database?: Database;
  load?: OutageLoad;
  sockets: Socket[];
  dir?: string;
} = { sockets: [] };

afterAll(async () => {
  for (const s of started.sockets) s.close();
  await started.load?.stop();
  const { instance } = started;
  if (instance && (instance.child.exitCode !== null || instance.child.signalCode !== null))
    console.error(
      `The instance stopped (${instance.child.exitCode ?? instance.child.signalCode}):\n${instance.output()}`,
    );
  if (instance) await stopInstance(instance);
  await started.database?.close();
  await started.cluster?.destroy();
  if (started.dir) rmSync(started.dir, { recursive: true, force: true });
}, 60_000);

const isSuccess = (a: LoadAnswer) => a.status >= 200 && a.status < 300;

describe.runIf(postgresClusterAvailable())('PostgreSQL restarted under load', () => {
  it('answers 503 fast while it is down, and serves again without a restart, losing no acknowledged write', async () => {
    const cluster = await startPostgresCluster();
    started.cluster = cluster;
    started.dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-pg-restart-'));
    const port = await freePort();
    const instance = await startInstance('pg-restart', {
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: started.dir,
      DATABASE_URL: cluster.url,
      DATABASE_SCHEMA: '',
      REDIS_URL: '',
      SEED_DEMO: '0',
      LOG_PRETTY: '0',
      LOG_LEVEL: 'warn',
      // The background sweep runs every second, so it meets the outage too.
      NOTIFICATION_SWEEP_SECONDS: '1',
      ...Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [`RATE_LIMIT_${name.toUpperCase()}`, '1000000'])),
    });
    started.instance = instance;
    started.database = await openDatabase({ database: { kind: 'postgres', url: cluster.url } });
    const api = endpoint(instance.url, started.database.db);

    const people: SignedIn[] = [];
    for (let i = 0; i < WORKERS; i++) people.push(await registerUser(api, { name: `Worker ${i}` }));
    const owner = await registerUser(api, { name: 'Listener' });
    const created = await api.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'Live Room', type: 'single' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const projectId: string = created.json().data.project._id;
    const listener = await open(instance.url, owner.token);
    started.sockets.push(listener);
    await join(listener, projectId);

    const load = outageLoad(instance.url, people);
    started.load = load;
    await until(async () => load.answers.length >= 100, 60_000, 'the load to be under way');
    expect(failuresByStatus(load.answers)).toEqual({});

    // Down.
    await cluster.stop('immediate');
    const downFrom = Date.now();
    // A balancer asking /api/ready is told at once (its last probe may be remembered for a moment).
    let readyMs = 0;
    let readyBody: { success?: boolean; message?: string } = {};
    await until(
      async () => {
        const asked = Date.now();
        const ready = await fetch(`${instance.url}/api/ready`);
        readyMs = Math.max(readyMs, Date.now() - asked);
        readyBody = await ready.json();
        return ready.status === 503;
      },
      ANSWER_WITHIN_MS,
      '/api/ready to say 503',
    );
    expect(readyBody).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Database unreachable/),
    });
    expect(readyMs).toBeLessThan(ANSWER_WITHIN_MS);
    // A new live connection is told the database is away, not that its token is bad (its session was
    // remembered for a second, so the first tries may still get in).
    let refusal = '';
    await until(
      async () => {
        try {
          started.sockets.push(await open(instance.url, owner.token));
          return false;
        } catch (err) {
          refusal = (err as Error).message;
          return true;
        }
      },
      ANSWER_WITHIN_MS,
      'a new socket to be refused',
    );
    expect(refusal).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    const whileDown = () => load.answers.filter((a) => a.startedAt >= downFrom);
    await until(
      async () => Date.now() - downFrom >= OUTAGE_MS && whileDown().length >= 50,
      OUTAGE_MS + 30_000,
      'requests while the database is down',
    );
    expect(listener.connected).toBe(true);

    // Up again.
    const upFrom = Date.now();
    await cluster.start();
    const startedIn = Date.now() - upFrom;
    const down = load.answers.filter((a) => a.startedAt >= downFrom && a.startedAt < upFrom);
    let recoveredAt = 0;
    await until(
      async () => {
        const first = load.answers.find((a) => a.startedAt >= upFrom && isSuccess(a));
        if (first) recoveredAt = first.startedAt + first.ms;
        return recoveredAt > 0;
      },
      30_000,
      'a request to succeed again',
    );
    await until(
      async () => (await fetch(`${instance.url}/api/ready`)).status === 200,
      30_000,
      '/api/ready to say ready again',
    );
    const readyAgainMs = Date.now() - upFrom;
    await until(
      async () => load.answers.filter((a) => a.startedAt > recoveredAt).length >= 100,
      60_000,
      'requests after the recovery',
    );
    // The socket that stayed connected hears the room again.
    const heard = next<{ activity: { kind: string } }>(listener, 'activity:new');
    await addTrack(api, owner.token, projectId, { title: 'After the outage' });
    expect((await heard).activity.kind).toBe('track_added');
    await load.stop();

    const after = load.answers.filter((a) => a.startedAt > recoveredAt);
    const stored = {
      clients: await started.database.db
        .selectFrom('clients')
        .select('id')
        .where('id', 'in', load.acknowledged.clients)
        .execute(),
      projects: await started.database.db
        .selectFrom('projects')
        .select('id')
        .where('id', 'in', load.acknowledged.projects)
        .execute(),
    };
    const out = instance.output();
    console.log(
      `PostgreSQL restart: ${load.answers.length} requests, failures by status ${JSON.stringify(failuresByStatus(load.answers))}; ` +
        `while down (${((upFrom - downFrom) / 1000).toFixed(1)} s): ${down.length} requests, ` +
        `${down.filter(isSuccess).length} succeeded, slowest answer ${slowest(down)} ms, /api/ready 503 (slowest ${readyMs} ms); ` +
        `PostgreSQL started in ${startedIn} ms, first success ${recoveredAt - upFrom} ms after the start began ` +
        `(${recoveredAt - upFrom - startedIn} ms after pg_ctl said it was up), ` +
        `/api/ready 200 after ${readyAgainMs} ms; after recovery ${after.length} requests, ` +
        `${after.filter((a) => !isSuccess(a)).length} failed; slowest answer overall ${slowest(load.answers)} ms; ` +
        `writes acknowledged: ${load.acknowledged.clients.length} clients, ${load.acknowledged.projects.length} projects, ` +
        `stored: ${stored.clients.length} and ${stored.projects.length}; ` +
        `outage warnings logged: ${out.split('The database is not answering').length - 1}`,
    );

    // Every answer came in time, and was a success or the readable 503; nothing hung, nothing was a 500.
    expect(load.answers.filter((a) => a.ms >= ANSWER_WITHIN_MS)).toEqual([]);
    const failed = load.answers.filter((a) => !isSuccess(a));
    expect(failed.filter((a) => a.status !== 503)).toEqual([]);
    for (const a of failed)
      expect(a).toMatchObject({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: DATABASE_UNAVAILABLE_MESSAGE,
        retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
      });
    expect(down.filter((a) => a.status === 503).length).toBeGreaterThanOrEqual(50);
    // Back without a restart, within seconds of PostgreSQL taking connections: everything sent after the first
    // success succeeded.
    expect(recoveredAt - upFrom - startedIn).toBeLessThan(RECOVER_WITHIN_MS);
    expect(after.filter((a) => !isSuccess(a))).toEqual([]);
    expect(stored.clients).toHaveLength(load.acknowledged.clients.length);
    expect(stored.projects).toHaveLength(load.acknowledged.projects.length);
    // Logged as a warning, not as an error with a stack per request; the process never stopped.
    expect(out).toContain('The database is not answering');
    expect(out).not.toContain('Unhandled error');
    // The background sweep that ran every second through the outage said so once, and never failed otherwise.
    expect(out.split('The notification email sweep waits: the database is not answering').length - 1).toBe(1);
    expect(out).not.toContain('The notification email sweep failed');
    expect(instance.child.exitCode).toBeNull();
    expect(instance.child.signalCode).toBeNull();
  });
});
