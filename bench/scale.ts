// npm run bench:scale — one account at the size the issue names (10,000 projects, 50 collaborators on some of
// them, 100,000 clients, 200,000 documents, 1,000,000 comments, 2,000,000 activity rows, 50,000
// notifications) beside a demo-sized one (5 projects, 20 clients, 10 documents, 20 notifications), both in the
// same server and database, on SQLite and on PostgreSQL. Both users register through the API and make their
// first documents through it; the rest is written straight into the database (scale-seed.ts), the time per
// table printed. Then every list (first page, a search, a filter, a deep page), the dashboard, a project page,
// the activity feeds, the notifications list and the user's other lists are timed one request at a time, the
// two accounts alternating; lists the server caches are made to compute each answer (scale-measure.ts).
// Bars: every p99 under 50 ms, and no call's p99 more than 3 × the small account's, on both dialects.
// A bench reports: it exits 0 when a bar is missed, and non-zero on an error (any answer but 200 is one).
// Env: BENCH_SCALE (the big account's size, default 1: 0.01 is a hundredth), BENCH_DIALECTS (default
// sqlite,postgres), BENCH_DATABASE_URL (the PostgreSQL server; a fresh schema, dropped at the end),
// BENCH_REQUESTS (timed requests per call and account, default 200), BENCH_WARMUP (default 10),
// BENCH_CALL_SECONDS (time per call beyond 30 requests, default 30).
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, openPostgres, openSqlite } from '../apps/server/src/db/database.ts';
import { payloads } from '../apps/server/src/modules/documents/documents-testing.ts';
import { ROOT, resetPgSchema, startServer } from './lib.ts';
import {
  expectedRows,
  hasCollaborators,
  type Plan,
  plans,
  projectId,
  trackId,
  VERSIONS_PER_TRACK,
  versionId,
} from './scale-data.ts';
import { CALLS, measureCall, printRows, type Row, type Subject } from './scale-measure.ts';
import { type Account, createCollaborators, seedAccount, Timings } from './scale-seed.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PASSWORD = 'Bench-Password-1';
const MEASURE = {
  requests: Number(process.env.BENCH_REQUESTS ?? 200),
  warmup: Number(process.env.BENCH_WARMUP ?? 10),
  maxSeconds: Number(process.env.BENCH_CALL_SECONDS ?? 30),
};

async function api<T>(base: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Session = { data: { token: string; user: { _id: string } } };

/** Registers the account and makes one document of each kind through the API (PDFs and all). */
async function register(base: string, plan: Plan): Promise<Account> {
  const name = `Scale ${plan.label === 'big' ? 'Big' : 'Small'} Producer`;
  const email = `scale-${plan.label}@bench.example`;
  const res = await api<Session>(base, '/api/auth/register', undefined, { name, email, password: PASSWORD });
  for (const make of [payloads.contract, payloads.invoice, payloads.agreement, payloads.splitSheet])
    await api(base, '/api/documents/generate', res.data.token, make());
  return { plan, userId: res.data.user._id, name, email };
}

/** Signs in again when the token is 10 minutes old (they last 15): a full-size run outlasts one. */
function headersOf(base: string, email: string): () => Promise<Record<string, string>> {
  let token = '';
  let at = 0;
  return async () => {
    if (Date.now() - at > 10 * 60_000) {
      token = (await api<Session>(base, '/api/auth/login', undefined, { email, password: PASSWORD })).data
        .token;
      at = Date.now();
    }
    return { authorization: `Bearer ${token}` };
  };
}

function subjectOf(base: string, a: Account, linkedClient: string): Subject {
  const { plan } = a;
  const newest = plan.projects - 1;
  let shared = 0;
  for (let i = 0; i < plan.projects; i++) if (hasCollaborators(plan, i)) shared = i;
  return {
    label: plan.label,
    userId: a.userId,
    headers: headersOf(base, a.email),
    project: projectId(plan, newest),
    track: trackId(plan, newest, 0),
    version: versionId(plan, newest, 0, VERSIONS_PER_TRACK - 1),
    sharedProject: projectId(plan, shared),
    client: linkedClient,
  };
}

async function seed(database: Database, dialect: 'sqlite' | 'postgres', accounts: Account[]) {
  const timings = new Timings();
  const collaborators = await createCollaborators(database.db, dialect, timings);
  const linked: string[] = [];
  for (const a of accounts)
    linked.push((await seedAccount(database.db, dialect, a, collaborators, timings)).linkedClient);
  // After a bulk load, as any operator would (and before autovacuum does it in the middle of the timings);
  // on PostgreSQL this schema's tables only, not every schema of the database.
  const started = performance.now();
  if (dialect === 'sqlite') await sql`analyze`.execute(database.db);
  else {
    const tables = await sql<{ name: string }>`select tablename as name from pg_tables
      where schemaname = current_schema()`.execute(database.db);
    await sql.raw(`vacuum analyze ${tables.rows.map((t) => `"${t.name}"`).join(', ')}`).execute(database.db);
  }
  timings.add(dialect === 'postgres' ? '(vacuum analyze)' : '(analyze)', 0, performance.now() - started);
  timings.print(`[${dialect}] generated at BENCH_SCALE=${SCALE}, per table (both accounts):`);
  for (const a of accounts) {
    const inbox = await sql<{ n: number | string }>`select count(*) as n from activity_inbox
      where user_id = ${a.userId}`.execute(database.db);
    const e = expectedRows(a.plan);
    console.log(
      `[${dialect}] ${a.plan.label}: ${a.plan.projects} projects, ${e.tracks} tracks, ${e.versions} versions, ${e.comments} comments, ${e.files} files, ${a.plan.clients} clients, ${a.plan.documents} documents, ${a.plan.notifications} notifications; ${Number(inbox.rows[0]?.n)} activities in the feed`,
    );
  }
  return linked;
}

async function run(dialect: 'sqlite' | 'postgres', port: number): Promise<string[]> {
  const dataDir = path.join(ROOT, `bench/.data/scale-${dialect}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const schema = `bench_scale_${Date.now().toString(36)}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' };
  if (dialect === 'postgres') {
    await resetPgSchema(PG_URL, schema);
    Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
  }
  const open = () =>
    dialect === 'postgres' ? openPostgres(PG_URL, schema) : openSqlite(path.join(dataDir, 'mixdesk.db'));
  let server = await startServer(MAIN, { port, env });
  let database: Database | undefined;
  try {
    // The server made the schema; the accounts come through its API.
    const [big, small] = plans(SCALE);
    const accounts = [await register(server.url, big), await register(server.url, small)];
    await server.stop();
    database = open();
    const linked = await seed(database, dialect, accounts);
    server = await startServer(MAIN, { port, env });
    const subjects: [Subject, Subject] = [
      subjectOf(server.url, accounts[1]!, linked[1]!),
      subjectOf(server.url, accounts[0]!, linked[0]!),
    ];
    const rows: Row[] = [];
    const started = performance.now();
    for (const call of CALLS) {
      rows.push(await measureCall(call, server.url, database.db, subjects, MEASURE));
      process.stderr.write('.');
    }
    const misses = printRows(
      `bench:scale [${dialect}] at BENCH_SCALE=${SCALE}: ms per request, one at a time (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      rows,
    );
    console.log(`[${dialect}] ${misses.length ? `${misses.length} calls miss a bar` : 'every bar met'}`);
    return misses.map((m) => `${dialect}: ${m}`);
  } finally {
    await server.stop();
    await database?.close();
    if (dialect === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  }
}

const misses: string[] = [];
for (const [i, dialect] of DIALECTS.entries()) misses.push(...(await run(dialect, 3161 + i)));
console.log(
  misses.length
    ? `\nbench:scale: ${misses.length} misses — ${misses.join('; ')}`
    : '\nbench:scale: every call meets both bars on every dialect',
);
