// npm run bench:cluster — bench:projects' first row (GET /api/projects?page=1&limit=12 for a user with 10,000
// projects, on PostgreSQL) through nginx (deploy/nginx.conf) to two instances, beside one instance direct and
// bare Fastify hello-world, measured in interleaved rounds in one run. Both instances share one PostgreSQL
// schema and a Redis, as the scaled-out shape runs. On this two-core machine the instances, nginx,
// PostgreSQL and the load generator share the same two cores: the figures show what the balancer costs per
// request, not how the shape scales (that needs the instances on their own machines). No bar: issue #18 asks
// for the figures.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { startNginx } from '../apps/server/test/nginx-process.ts';
import { startRedis } from '../apps/server/test/services.ts';
import {
  type Figures,
  HELLO_ENTRY,
  loadInterleaved,
  printTable,
  ROOT,
  resetPgSchema,
  startServer,
} from './lib.ts';
import { seedProjectsBench } from './projects-seed.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const PG_URL =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_SCHEMA = 'bench_cluster';
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench-Password-1';
const QUERY = '/api/projects?page=1&limit=12';

await resetPgSchema(PG_URL, PG_SCHEMA);
const database = openPostgres(PG_URL, PG_SCHEMA);
const started = performance.now();
await migrateToLatest(database.db, PG_SCHEMA);
const seeded = await seedProjectsBench(database.db, { projects: PROJECTS, password: PASSWORD });
await sql`vacuum analyze`.execute(database.db);
await database.close();
console.log(
  `seeded ${seeded.users} users, ${seeded.projects} projects in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-bench-cluster-'));
const redis = await startRedis(6391);
const env = (name: string): Record<string, string> => {
  const dataDir = path.join(dir, name);
  mkdirSync(dataDir, { recursive: true });
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: PG_URL,
    DATABASE_SCHEMA: PG_SCHEMA,
    REDIS_URL: redis.url,
    TRUST_PROXY: '1',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
  };
};
const hello = await startServer(HELLO_ENTRY, { port: 3141, healthPath: '/' });
const a = await startServer(MAIN, { port: 3142, env: env('a'), healthPath: '/api/ready' });
const b = await startServer(MAIN, { port: 3143, env: env('b'), healthPath: '/api/ready' });
const nginx = await startNginx(dir, 3140, [3142, 3143]);
try {
  const login = await fetch(`${nginx.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: seeded.email, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  // Warm both instances (each is reached through nginx in turn) before the first round.
  for (let i = 0; i < 200; i++) await (await fetch(`${nginx.url}${QUERY}`, { headers })).arrayBuffer();
  const rows: Figures[] = await loadInterleaved(
    [
      { name: 'bare Fastify hello-world GET /', url: `${hello.url}/` },
      { name: `one instance direct: GET ${QUERY}`, url: `${a.url}${QUERY}`, headers },
      { name: `nginx → two instances: GET ${QUERY}`, url: `${nginx.url}${QUERY}`, headers },
    ],
    { rounds: ROUNDS, seconds: SECONDS },
  );
  console.log(
    `\nbench:cluster — ${process.env.BENCH_CONNECTIONS ?? 64} connections, ${ROUNDS} rounds of ${SECONDS} s each`,
  );
  printTable(rows, rows[0]!);
  const [, direct, balanced] = rows as [Figures, Figures, Figures];
  console.log(
    `nginx → two instances ÷ one instance direct: ${(balanced.rps / direct.rps).toFixed(2)} × the requests per ` +
      `second, p50 ${balanced.p50} vs ${direct.p50} ms, p99 ${balanced.p99} vs ${direct.p99} ms. On 2 cores this is ` +
      `the balancer's cost per request (nginx, a second process and the load generator share the cores), not scaling.`,
  );
  const errors = rows.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  if (errors > 0) {
    console.error(`${errors} requests failed`);
    process.exitCode = 1;
  }
} finally {
  await nginx.stop();
  await Promise.all([a.stop(), b.stop(), hello.stop()]);
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
}
