// npm run bench:clients — GET /api/clients with 5,000 clients in the measured user's network, among 50 users
// (the other 49 hold 1,000 clients each), on SQLite and on PostgreSQL: the first page, a search, and all
// filters with a search, each beside a bare Fastify hello-world measured in the same run.
// Bars (ISSUE 4): each route at 0.35 × hello-world or more, p99 under 30 ms, on both dialects.
// BENCH_DIALECTS=sqlite,postgres picks the dialects; BENCH_DATABASE_URL the PostgreSQL server.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { rebuildStats } from '../apps/server/src/modules/clients/stats.ts';
import { clientRows, SEARCH_TERM } from './clients-data.ts';
import { type Figures, HELLO_ENTRY, load, loadBesideHello, printTable, ROOT, startServer } from './lib.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const USERS = 50;
const MEASURED_CLIENTS = 5_000;
const OTHER_CLIENTS = Number(process.env.BENCH_OTHER_CLIENTS ?? 1_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
const BARS = { ratio: 0.35, p99Ms: 30 };

async function api<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function run(dialect: 'sqlite' | 'postgres', port: number): Promise<boolean> {
  const dataDir = path.join(ROOT, `bench/.data/clients-${dialect}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const schema = `bench_clients_${Date.now().toString(36)}`;
  const database =
    dialect === 'postgres'
      ? ({ kind: 'postgres', url: PG_URL, schema } as const)
      : ({ kind: 'sqlite', file: path.join(dataDir, 'mixdesk.db') } as const);
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' };
  if (dialect === 'postgres') Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });

  const server = await startServer(MAIN, { port, env });
  let stopHello = async () => {};
  try {
    // 50 users through the real API; the first is the one measured.
    const tokens: string[] = [];
    const userIds: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const res = await api<{ data: { token: string; user: { _id: string } } }>(
        server.url,
        'POST',
        '/api/auth/register',
        undefined,
        { name: `Bench User ${i}`, email: `bench${i}@bench.example`, password: 'Bench-Password-1' },
      );
      tokens.push(res.data.token);
      userIds.push(res.data.user._id);
    }
    // Clients go straight into the database (the API would take minutes for 54,000 rows).
    const db = await openDatabase({ database });
    const started = performance.now();
    for (const [i, ownerId] of userIds.entries()) {
      const rows = clientRows(ownerId, i === 0 ? MEASURED_CLIENTS : OTHER_CLIENTS, i);
      for (let at = 0; at < rows.length; at += 200)
        await db.db
          .insertInto('clients')
          .values(rows.slice(at, at + 200))
          .execute();
      await rebuildStats(db.db, ownerId);
    }
    await db.close();
    const seedMs = performance.now() - started;
    // A few real projects linked to clients, so the linked counts are part of every request.
    const token = tokens[0]!;
    const firstPage = await api<{ data: { clients: Array<{ _id: string }> } }>(
      server.url,
      'GET',
      '/api/clients',
      token,
    );
    for (const [i, client] of firstPage.data.clients.slice(0, 10).entries()) {
      const project = await api<{ data: { project: { _id: string } } }>(
        server.url,
        'POST',
        '/api/projects',
        token,
        {
          title: `Bench Project ${i}`,
          status: i % 2 ? 'completed' : 'mixing',
        },
      );
      await api(server.url, 'PUT', `/api/clients/${client._id}/projects/${project.data.project._id}`, token);
    }

    const hello = await startServer(HELLO_ENTRY, { port: port + 50, healthPath: '/' });
    const baseline = await load(
      'bare Fastify hello-world GET /',
      `${hello.url}/`,
      {},
      { pid: hello.child.pid },
    );
    stopHello = () => hello.stop();
    const auth = { authorization: `Bearer ${token}` };
    const measure = (name: string, query: string) =>
      loadBesideHello(hello, `${dialect} ${name}`, `${server.url}/api/clients${query}`, auth, {
        pid: server.child.pid,
      });
    const rows: Figures[] = [baseline];
    // The floor: the same authentication with no clients work at all.
    const floor = await load(`${dialect} GET /api/auth/me (auth floor)`, `${server.url}/api/auth/me`, auth, {
      pid: server.child.pid,
    });
    rows.push(await measure('GET /api/clients (first page)', ''));
    rows.push(await measure(`… ?search=${SEARCH_TERM}`, `?search=${SEARCH_TERM}`));
    rows.push(
      await measure(
        '… search + role + type + status',
        `?search=${SEARCH_TERM}&role=artist&type=individual&status=active`,
      ),
    );
    console.log(
      `\nbench:clients on ${dialect} — ${USERS} users, ${MEASURED_CLIENTS} clients measured + ${OTHER_CLIENTS} each for the others (seeded in ${seedMs.toFixed(0)} ms); ${process.env.BENCH_CONNECTIONS ?? 64} connections, ${process.env.BENCH_SECONDS ?? 10} s each`,
    );
    const ok = printTable(rows, baseline, BARS);
    printTable([floor, await uncachedSearches(dialect, server.url, auth, server.child.pid)], baseline);
    console.log('(the last two rows are for reference, not held to the bars)');
    console.log(
      `bars on ${dialect} (≥ ${BARS.ratio} × hello-world, p99 < ${BARS.p99Ms} ms): ${ok ? 'met' : 'NOT met'}`,
    );
    return ok;
  } finally {
    await server.stop();
    await stopHello();
    if (dialect === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  }
}

/** Every request a different search, so no response can come from the cache: the worst case. */
function uncachedSearches(dialect: string, base: string, headers: Record<string, string>, pid?: number) {
  let n = 0;
  return load(`${dialect} … a new search each request (uncached)`, `${base}/api/clients`, headers, {
    pid,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/api/clients?search=${(n++).toString(36)}` }) }],
  });
}

let allOk = true;
for (const [i, dialect] of dialects.entries()) allOk = (await run(dialect, 3111 + i)) && allOk;
console.log(`\nbench:clients bars: ${allOk ? 'met on every dialect' : 'NOT met'}`);
