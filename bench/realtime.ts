// npm run bench:realtime — issue #15: the time from a comment's POST to its comment:new at every socket in
// the project's room. 1,000 sockets on one instance (SQLite, the default), then 500 on each of two instances
// sharing PostgreSQL and Redis (the comments posted to the first). Each server runs in its own process
// (main.ts, the entry `npm start` runs) on a free port; every socket is in this process, so one clock times
// every arrival. Sockets belong to BENCH_MEMBERS collaborators (default 10, registered through the API), each
// with many sockets, as tabs and devices. Prints p50/p99/max over every (comment, socket) arrival, p50/p99 of
// the time until the last socket had each comment, the server's memory per idle joined socket (RSS, and JS
// heap + external, after full collections), CPU per comment on both sides, this process's event-loop delay,
// and what joining the room and everyone leaving at once cost. Bars: p99 under 100 ms on one instance, under
// 200 ms across two. BENCH_SOCKETS, BENCH_COMMENTS, BENCH_SCENARIOS=one,two, BENCH_DATABASE_URL (default the
// local `test` database; a fresh schema, dropped after), BENCH_REDIS_URL.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import {
  cpuMicros,
  machineTicks,
  ROOT,
  type Running,
  resetPgSchema,
  startServer,
  stealSince,
} from './lib.ts';
import { closeCrowd, openCrowd, timeComments } from './realtime-crowd.ts';
import { type Outcome, printOutcomes } from './realtime-report.ts';
import {
  api,
  freePort,
  GC_ON_SIGNAL,
  type Memory,
  pgVerifyTokens,
  settledMemory,
  setUpRoom,
  sqliteVerifyTokens,
  type VerifyTokenReader,
  waitQuiet,
} from './realtime-setup.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 50);
const WARM_UP = 5;
const GAP_MS = 100;
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'one,two').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const seatsOn = (servers: Running[], tokens: string[], count: number) =>
  Array.from({ length: count }, (_, i) => ({
    url: servers[i % servers.length]!.url,
    token: tokens[i % tokens.length]!,
    group: i % servers.length,
  }));

/** Sets up the room on `servers`, fills it with the crowd (socket i on server i mod n), times the comments. */
async function measure(
  servers: Running[],
  name: string,
  bar: number,
  verifyTokens: VerifyTokenReader,
): Promise<Outcome> {
  const started = performance.now();
  const step = (what: string) =>
    console.log(`[${name}] ${((performance.now() - started) / 1000).toFixed(1)} s: ${what}`);
  const room = await setUpRoom(servers[0]!.url, MEMBERS, verifyTokens);
  // A few sockets come and go first, so the code paths a socket takes are compiled before the first reading.
  closeCrowd(await openCrowd(seatsOn(servers, room.memberTokens, 20), room.projectId));
  const pids = servers.map((s) => s.child.pid!);
  const before = await Promise.all(pids.map(settledMemory));
  step(`room set up; server RSS ${mib(before)}`);
  const joinStarted = performance.now();
  const crowd = await openCrowd(seatsOn(servers, room.memberTokens, SOCKETS), room.projectId);
  const joinSeconds = (performance.now() - joinStarted) / 1000;
  try {
    const after = await Promise.all(pids.map(settledMemory));
    step(`${SOCKETS} sockets joined; server RSS ${mib(after)}`);
    const perServer = SOCKETS / servers.length;
    const cpuBefore = pids.map(cpuMicros);
    const clientCpu = process.cpuUsage();
    const ticks = machineTicks();
    const arrivals = await timeComments(
      crowd,
      (body, n) =>
        api(servers[0]!.url, 'POST', room.commentsPath, room.ownerToken, { body, at: (n % 90) / 10 }),
      { comments: COMMENTS, warmUp: WARM_UP, gapMs: GAP_MS, timeoutMs: 10_000 },
    );
    const stealPct = stealSince(ticks);
    const posted = WARM_UP + COMMENTS;
    const client = process.cpuUsage(clientCpu);
    step('comments timed; closing every socket at once');
    const outcome = {
      name,
      bar,
      instances: servers.length,
      arrivals,
      perSocket: after.map((a, i) => ({
        rssKiB: (a.rssKiB - before[i]!.rssKiB) / perServer,
        heapKiB: (a.heapKiB - before[i]!.heapKiB) / perServer,
      })),
      cpuMsPerComment: pids.map((pid, i) => (cpuMicros(pid) - cpuBefore[i]!) / 1000 / posted),
      clientCpuMsPerComment: (client.user + client.system) / 1000 / posted,
      joinSeconds,
      stealPct,
      loadAverage: os.loadavg()[0]!,
    };
    closeCrowd(crowd);
    // Everyone leaving at once (a deploy, a network blip) makes the servers recompute presence per socket.
    const leaving = await waitQuiet(servers, 12_000);
    step(`servers quiet again after the sockets closed${leaving.exited.length ? `; ${leaving.exited}` : ''}`);
    return { ...outcome, leaving };
  } finally {
    closeCrowd(crowd);
  }
}

const mib = (readings: Memory[]) => readings.map((m) => `${(m.rssKiB / 1024).toFixed(0)} MiB`).join(' / ');

function freshDataDir(name: string): string {
  const dir = path.join(ROOT, `bench/.data/${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

const BASE_ENV = {
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${GC_ON_SIGNAL}`.trim(),
};

async function oneInstance(): Promise<Outcome> {
  const env = { ...BASE_ENV, DATA_DIR: freshDataDir('realtime-one') };
  const server = await startServer(MAIN, { port: await freePort(), env });
  try {
    return await measure([server], 'one instance (SQLite)', 100, sqliteVerifyTokens(env.DATA_DIR));
  } finally {
    await server.stop();
  }
}

/** Other Socket.IO servers on the same Redis (other runs, other apps) receive every broadcast too. */
async function otherRedisListeners(): Promise<number> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  const counts = (await client.sendCommand(['PUBSUB', 'NUMSUB', 'socket.io-request#/#'])) as unknown[];
  await client.close();
  return Number(counts[1] ?? 0);
}

async function twoInstances(): Promise<Outcome> {
  const others = await otherRedisListeners();
  if (others > 0)
    console.log(
      `note: ${others} other Socket.IO server(s) already listen on ${REDIS_URL}; they get every event`,
    );
  const schema = `bench_realtime_${Date.now().toString(36)}`;
  await resetPgSchema(PG_URL, schema);
  // As a scaled-out deployment (docs/deploy.md): one database, one Redis, one secret, one shared DATA_DIR.
  const env = {
    ...BASE_ENV,
    DATA_DIR: freshDataDir('realtime-two'),
    DATABASE_URL: PG_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_URL: 'http://127.0.0.1',
  };
  const servers: Running[] = [];
  try {
    // One after the other: the first migrates the schema.
    servers.push(await startServer(MAIN, { port: await freePort(), env }));
    servers.push(await startServer(MAIN, { port: await freePort(), env }));
    return await measure(servers, 'two instances (PostgreSQL + Redis)', 200, pgVerifyTokens(PG_URL, schema));
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  }
}

const outcomes: Outcome[] = [];
if (SCENARIOS.includes('one')) outcomes.push(await oneInstance());
if (SCENARIOS.includes('two')) outcomes.push(await twoInstances());
printOutcomes(outcomes, {
  sockets: SOCKETS,
  members: MEMBERS,
  comments: COMMENTS,
  warmUp: WARM_UP,
  gapMs: GAP_MS,
});
// Figures, not a test: the bars are read from the output, the exit code is 0 either way.
