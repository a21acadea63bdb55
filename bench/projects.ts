// npm run bench:projects — GET /api/projects?page=1&limit=12 for a user with 10,000 projects (5 tracks each,
// 50 users in all), plain, with a search term and with all three filters, each beside bare Fastify hello-world
// measured in the same run, on SQLite and on PostgreSQL (DATABASE_URL or TEST_DATABASE_URL, else the local
// `test` database; BENCH_DIALECTS=sqlite to skip PostgreSQL), and GET /api/dashboard for the same user.
// Bars: ≥ 0.35 × hello-world, p99 < 30 ms.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { type Database, openPostgres, openSqlite } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import {
  type Figures,
  HELLO_ENTRY,
  load,
  loadBesideHello,
  printTable,
  ROOT,
  resetPgSchema,
  startServer,
} from './lib.ts';
import { seedProjectsBench } from './projects-seed.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const PG_URL =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_SCHEMA = 'bench_projects';
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 10_000);
const PASSWORD = 'Bench-Password-1';

const QUERIES = [
  ['GET /api/projects?page=1&limit=12', 'page=1&limit=12'],
  ['  … &search=velvet tides', 'page=1&limit=12&search=velvet%20tides'],
  ['  … &type=album&status=mixing&genre=rock', 'page=1&limit=12&type=album&status=mixing&genre=rock'],
] as const;

async function run(dialect: string): Promise<boolean> {
  const dataDir = path.join(ROOT, `bench/.data/projects-${dialect}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' };
  let database: Database;
  if (dialect === 'postgres') {
    await resetPgSchema(PG_URL, PG_SCHEMA);
    Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: PG_SCHEMA });
    database = openPostgres(PG_URL, PG_SCHEMA);
  } else {
    database = openSqlite(path.join(dataDir, 'mixdesk.db'));
  }
  const started = performance.now();
  await migrateToLatest(database.db, dialect === 'postgres' ? PG_SCHEMA : undefined);
  const seeded = await seedProjectsBench(database.db, { projects: PROJECTS, password: PASSWORD });
  // After a bulk load, as any operator would: otherwise PostgreSQL's autovacuum analyses the new tables
  // in the middle of the measurements, on the same two cores.
  await sql`${sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(database.db);
  await database.close();
  console.log(
    `\n[${dialect}] seeded ${seeded.users} users, ${seeded.projects} projects, ${seeded.tracks} tracks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const hello = await startServer(HELLO_ENTRY, { port: 3131, healthPath: '/' });
  const baseline = await load(
    'bare Fastify hello-world GET /',
    `${hello.url}/`,
    {},
    { pid: hello.child.pid },
  );

  const server = await startServer(MAIN, { port: 3132, env });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: seeded.email, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const pid = server.child.pid;
  // A short warm-up, so the first measured route does not pay for the JIT.
  await load('warm-up', `${server.url}/api/projects?page=1&limit=12`, headers, { seconds: 1 });
  // The cost of authentication alone, for reading the list's figures.
  const me = await load('GET /api/auth/me (reference)', `${server.url}/api/auth/me`, headers, { pid });
  const rows: Figures[] = [baseline];
  for (const [name, query] of QUERIES) {
    const check = await fetch(`${server.url}/api/projects?${query}`, { headers });
    const body = (await check.json()) as { data: { pagination: { totalProjects: number } } };
    const figures = await loadBesideHello(hello, name, `${server.url}/api/projects?${query}`, headers, {
      pid,
    });
    rows.push({ ...figures, name: `${name} (${body.data.pagination.totalProjects} match)` });
  }
  // The dashboard reads the same user's 10,000 projects for its figures (issue #17: same bars).
  const dashboard = await loadBesideHello(
    hello,
    'GET /api/dashboard',
    `${server.url}/api/dashboard`,
    headers,
    {
      pid,
    },
  );
  rows.push(dashboard);
  const uncached = await dashboardAfterChanges(dialect, server.url, headers, seeded.userId);
  await server.stop();
  await hello.stop();

  console.log(
    `\nbench:projects [${dialect}] — ${process.env.BENCH_CONNECTIONS ?? 64} connections, ${process.env.BENCH_SECONDS ?? 10} s each`,
  );
  const ok = printTable(rows, baseline, { ratio: 0.35, p99Ms: 30 });
  console.log(
    `reference, not a bar: ${me.name} ${me.rps.toFixed(0)} req/s, ratio ${(me.rps / baseline.rps).toFixed(2)}, ${me.cpuUsPerReq?.toFixed(0)} µs CPU/req`,
  );
  console.log(`bars (≥ 0.35 × hello-world, p99 < 30 ms) [${dialect}]: ${ok ? 'met' : 'NOT met'}`);
  const freshOk = uncached.max < 20;
  console.log(
    `GET /api/dashboard computed afresh after a change (${uncached.times.length} times, one at a time): median ${uncached.median.toFixed(1)} ms, max ${uncached.max.toFixed(1)} ms (bar: under 20 ms) [${dialect}]: ${freshOk ? 'met' : 'NOT met'}`,
  );
  return ok && freshOk;
}

/**
 * The dashboard's answer is cached under the user's versions; this times the answer the server has to
 * compute: each request follows a bump of the dashboard version, as any change the user sees makes one.
 */
async function dashboardAfterChanges(
  dialect: string,
  url: string,
  headers: Record<string, string>,
  userId: string,
): Promise<{ times: number[]; median: number; max: number }> {
  const database =
    dialect === 'postgres'
      ? openPostgres(PG_URL, PG_SCHEMA)
      : openSqlite(path.join(ROOT, `bench/.data/projects-${dialect}`, 'mixdesk.db'));
  const times: number[] = [];
  try {
    for (let i = 0; i < 30; i++) {
      await sql`insert into dashboard_versions (user_id, version) values (${userId}, 1)
        on conflict (user_id) do update set version = dashboard_versions.version + 1`.execute(database.db);
      const started = performance.now();
      const res = await fetch(`${url}/api/dashboard`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/dashboard answered ${res.status}`);
      times.push(performance.now() - started);
    }
  } finally {
    await database.close();
  }
  // The first few pay for the JIT of the paths a cached answer skips.
  const measured = times.slice(5).sort((a, b) => a - b);
  return { times: measured, median: measured[Math.floor(measured.length / 2)]!, max: measured.at(-1)! };
}

let allOk = true;
for (const dialect of DIALECTS) allOk = (await run(dialect)) && allOk;
console.log(`\nbench:projects: ${allOk ? 'every bar met' : 'some bars NOT met'}`);
