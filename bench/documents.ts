// npm run bench:documents — PDF render time per template (p50/p99, bar: p50 < 50 ms), and
// GET /api/documents for a user with 5,000 documents (plain, searched, filtered) beside bare Fastify
// hello-world in the same run, on SQLite and PostgreSQL (BENCH_DIALECTS=sqlite to skip PostgreSQL).
// Bars: ≥ 0.35 × hello-world, p99 < 30 ms.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type Insertable, sql } from 'kysely';
import { type Database, openPostgres, openSqlite } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { payloads } from '../apps/server/src/modules/documents/documents-testing.ts';
// The table declarations this bench writes to (type-only: they augment DB).
import type { DocumentSignersTable, DocumentsTable } from '../apps/server/src/modules/documents/tables.ts';
import { newId } from '../apps/server/src/platform/ids.ts';
import { measureRender } from './documents-render.ts';
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
import { insertInBatches, seedProjectsBench } from './projects-seed.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const PG_URL =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_SCHEMA = 'bench_documents';
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 5_000);
const RENDER_ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 200);
const PASSWORD = 'Bench-Password-1';

const QUERIES = [
  ['GET /api/documents?page=1&limit=12', 'page=1&limit=12'],
  ['  … &search=neon', 'page=1&limit=12&search=neon'],
  ['  … &status=sent&type=invoice', 'page=1&limit=12&status=sent&type=invoice'],
] as const;
const STATUSES = ['generated', 'generated', 'sent', 'viewed', 'signed', 'completed', 'paid'] as const;

function open(dialect: string, dataDir: string): Database {
  return dialect === 'postgres'
    ? openPostgres(PG_URL, PG_SCHEMA)
    : openSqlite(path.join(dataDir, 'mixdesk.db'));
}

/** Copies of four real documents (made through the API, PDFs included), spread over dates and statuses. */
async function cloneDocuments(db: Database['db'], ownerId: string, count: number): Promise<void> {
  // Copies take new search keys (the trigram index's, given by a trigger): the originals' are left out.
  const rows = await db.selectFrom('documents').selectAll().where('owner_id', '=', ownerId).execute();
  const originals = rows.map(({ search_key: _key, ...row }) => row);
  const signers = await db.selectFrom('document_signers').selectAll().execute();
  const docs: Insertable<DocumentsTable>[] = [];
  const people: Insertable<DocumentSignersTable>[] = [];
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let i = 0; i < count; i++) {
    const from = originals[i % originals.length]!;
    const id = newId();
    const at = new Date(start + i * 3_600_000).toISOString();
    docs.push({
      ...from,
      id,
      document_number: `DOC-BENCH-${String(i).padStart(6, '0')}`,
      invoice_number: from.invoice_number ? `INV-B${i}` : null,
      status: STATUSES[i % STATUSES.length]!,
      search_text: `${from.search_text}\ndoc-bench-${i}`,
      parties: typeof from.parties === 'string' ? from.parties : JSON.stringify(from.parties),
      details: typeof from.details === 'string' ? from.details : JSON.stringify(from.details),
      created_at: at,
      updated_at: at,
    });
    for (const s of signers.filter((x) => x.document_id === from.id))
      people.push({ ...s, id: newId(), document_id: id, token_hash: null, signature: null });
  }
  await insertInBatches(db, 'documents', docs, 200);
  await insertInBatches(db, 'document_signers', people, 500);
}

async function run(dialect: string): Promise<boolean> {
  const dataDir = path.join(ROOT, `bench/.data/documents-${dialect}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' };
  if (dialect === 'postgres') {
    await resetPgSchema(PG_URL, PG_SCHEMA);
    Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: PG_SCHEMA });
  }
  let database = open(dialect, dataDir);
  await migrateToLatest(database.db, dialect === 'postgres' ? PG_SCHEMA : undefined);
  const seeded = await seedProjectsBench(database.db, {
    projects: 20,
    users: 3,
    password: PASSWORD,
    tracksPerProject: 1,
  });
  await database.close();

  const server = await startServer(MAIN, { port: 3142, env });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: seeded.email, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  for (const make of [payloads.contract, payloads.invoice, payloads.agreement, payloads.splitSheet]) {
    const res = await fetch(`${server.url}/api/documents/generate`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(make()),
    });
    if (res.status !== 201) throw new Error(`generate failed: ${res.status} ${await res.text()}`);
  }
  database = open(dialect, dataDir);
  const owner = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', seeded.email)
    .executeTakeFirstOrThrow();
  const started = performance.now();
  await cloneDocuments(database.db, owner.id, DOCUMENTS - 4);
  await sql`${sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(database.db);
  await database.close();
  console.log(
    `\n[${dialect}] seeded ${DOCUMENTS} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const hello = await startServer(HELLO_ENTRY, { port: 3141, healthPath: '/' });
  const baseline = await load(
    'bare Fastify hello-world GET /',
    `${hello.url}/`,
    {},
    { pid: hello.child.pid },
  );
  const pid = server.child.pid;
  await load('warm-up', `${server.url}/api/documents?page=1&limit=12`, headers, { seconds: 1 });
  const rows: Figures[] = [baseline];
  for (const [name, query] of QUERIES) {
    const check = (await (await fetch(`${server.url}/api/documents?${query}`, { headers })).json()) as {
      data: { pagination: { totalDocuments: number } };
    };
    const figures = await loadBesideHello(hello, name, `${server.url}/api/documents?${query}`, headers, {
      pid,
    });
    rows.push({ ...figures, name: `${name} (${check.data.pagination.totalDocuments} match)` });
  }
  await server.stop();
  await hello.stop();
  console.log(
    `\nbench:documents [${dialect}] — ${process.env.BENCH_CONNECTIONS ?? 64} connections, ${process.env.BENCH_SECONDS ?? 10} s each`,
  );
  const ok = printTable(rows, baseline, { ratio: 0.35, p99Ms: 30 });
  console.log(`bars (≥ 0.35 × hello-world, p99 < 30 ms) [${dialect}]: ${ok ? 'met' : 'NOT met'}`);
  return ok;
}

console.log(`PDF render, ${RENDER_ROUNDS} rounds per template after a warm-up (bar: p50 < 50 ms)`);
let allOk = true;
for (const r of await measureRender(RENDER_ROUNDS)) {
  const met = r.p50 < 50;
  allOk &&= met;
  console.log(
    `  ${r.template.padEnd(26)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${met ? 'met' : 'NOT met'}`,
  );
}
for (const dialect of DIALECTS) allOk = (await run(dialect)) && allOk;
console.log(`\nbench:documents: ${allOk ? 'every bar met' : 'some bars NOT met'}`);
