// Writes bench:scale's accounts straight into the database, with multi-row inserts in chunks (SQLite inside
// transactions), so the app's own triggers keep every counter, version, activity and inbox row as they would
// for rows the services wrote; the clients' figures are then rebuilt with the area's rebuildStats.
import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '../apps/server/src/db/database.ts';
import type { DB } from '../apps/server/src/db/schema.ts';
import type { UsersTable } from '../apps/server/src/modules/auth/tables.ts';
import { rebuildStats } from '../apps/server/src/modules/clients/stats.ts';
import type {
  DocumentEventsTable,
  DocumentSignersTable,
  DocumentsTable,
} from '../apps/server/src/modules/documents/tables.ts';
import type { ProjectCollaboratorsTable } from '../apps/server/src/modules/projects/tables.ts';
import { hashPassword } from '../apps/server/src/platform/security/passwords.ts';
import { clientRows } from './clients-data.ts';
import {
  COLLABORATORS,
  HISTORY_END,
  hasCollaborators,
  iso,
  Kind,
  type Plan,
  projectId,
  projectStart,
  spread,
  uid,
} from './scale-data.ts';
import {
  commentRows,
  fileRows,
  likeRows,
  notificationRows,
  projectRows,
  trackRows,
  versionRows,
} from './scale-rows.ts';

/** Bind parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;
/**
 * Rows per statement at most: each row's triggers bump the same per-user version rows, and PostgreSQL keeps
 * every version of such a row until the statement's transaction ends, so one lookup walks them all.
 */
const MAX_ROWS = 500;
/** SQLite: rows per transaction (the app opens it with synchronous = FULL: one fsync per commit). */
const SQLITE_TX_ROWS = 25_000;

/** Rows and milliseconds spent per table, both accounts together. */
export class Timings {
  readonly tables = new Map<string, { rows: number; ms: number }>();

  add(table: string, rows: number, ms: number): void {
    const t = this.tables.get(table) ?? { rows: 0, ms: 0 };
    this.tables.set(table, { rows: t.rows + rows, ms: t.ms + ms });
  }

  print(title: string): void {
    console.log(
      `\n${title}\n${'table'.padEnd(22)} ${'rows'.padStart(10)} ${'s'.padStart(8)} ${'rows/s'.padStart(9)}`,
    );
    let total = 0;
    for (const [table, t] of this.tables) {
      total += t.ms;
      const rate = t.rows ? (t.rows / (t.ms / 1000)).toFixed(0) : '-';
      console.log(
        `${table.padEnd(22)} ${String(t.rows).padStart(10)} ${(t.ms / 1000).toFixed(1).padStart(8)} ${rate.padStart(9)}`,
      );
    }
    console.log(`${'total'.padEnd(22)} ${''.padStart(10)} ${(total / 1000).toFixed(1).padStart(8)}`);
  }
}

/** Groups an iterable into arrays of `size` (the last one shorter). */
function* chunks<T>(rows: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

/** Inserts every row (all of one shape), `table`'s triggers firing as for any insert; returns the count. */
export async function bulkInsert(
  db: Kysely<DB>,
  dialect: Dialect,
  table: keyof DB & string,
  rows: Iterable<object>,
  timings: Timings,
): Promise<number> {
  const started = performance.now();
  const it = rows[Symbol.iterator]();
  const first = it.next();
  if (first.done) return 0;
  const perStatement = Math.max(
    1,
    Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Object.keys(first.value).length)),
  );
  const all = (function* () {
    yield first.value;
    for (let r = it.next(); !r.done; r = it.next()) yield r.value;
  })();
  let count = 0;
  // Rows are built to each table's shape in scale-rows.ts; one helper serves every table.
  const insert = async (q: Kysely<DB>, chunk: object[]) => {
    await q
      .insertInto(table)
      .values(chunk as never)
      .execute();
    count += chunk.length;
  };
  if (dialect === 'sqlite')
    for (const group of chunks(all, perStatement * Math.max(1, Math.floor(SQLITE_TX_ROWS / perStatement))))
      await db.transaction().execute(async (trx) => {
        for (const chunk of chunks(group, perStatement)) await insert(trx, chunk);
      });
  // PostgreSQL: one statement per transaction (see MAX_ROWS).
  else for (const chunk of chunks(all, perStatement)) await insert(db, chunk);
  timings.add(table, count, performance.now() - started);
  return count;
}

/** The 50 people on the shared projects: complete accounts (they could sign in), written directly. */
export async function createCollaborators(db: Kysely<DB>, dialect: Dialect, timings: Timings) {
  const hash = await hashPassword('Bench-Password-1', { memoryCost: 19456, timeCost: 2 });
  const at = new Date(HISTORY_END - 800 * 86_400_000).toISOString();
  const rows: (Omit<UsersTable, 'verified'> & { verified: boolean })[] = Array.from(
    { length: COLLABORATORS },
    (_, c) => ({
      id: uid(Date.parse(at), Kind.user, 0, c),
      name: `Bench Collaborator ${c}`,
      email: `scale-collaborator-${c}@bench.example`,
      password_hash: hash,
      role: 'engineer',
      verified: true,
      created_at: at,
      updated_at: at,
    }),
  );
  await bulkInsert(db, dialect, 'users', rows, timings);
  return rows.map((r) => r.id);
}

export interface Account {
  plan: Plan;
  userId: string;
  name: string;
  email: string;
}

/** Who is on which project: COLLABORATORS people on some of the account's own, the account on others'. */
function* collaboratorRows(
  a: Account,
  collaboratorIds: readonly string[],
  shared: readonly { id: string; created_at: string }[],
): Generator<ProjectCollaboratorsTable> {
  const roles = ['Mixer', 'Engineer', 'Artist', 'Songwriter'];
  for (let i = 0; i < a.plan.projects; i++) {
    if (!hasCollaborators(a.plan, i)) continue;
    const created_at = iso(projectStart(a.plan, i) + 1800_000);
    const project_id = projectId(a.plan, i);
    for (const [c, user_id] of collaboratorIds.entries())
      yield { project_id, user_id, permission: c % 2 ? 'view' : 'edit', role: roles[c % 4]!, created_at };
  }
  for (const p of shared)
    yield {
      project_id: p.id,
      user_id: a.userId,
      permission: 'edit',
      role: 'Producer',
      created_at: p.created_at,
    };
}

const STATUSES = ['generated', 'generated', 'sent', 'viewed', 'signed', 'completed', 'paid'] as const;

/** Copies of the account's real documents (made through the API, PDFs included), their signers and events. */
async function seedDocuments(db: Kysely<DB>, dialect: Dialect, a: Account, timings: Timings) {
  // Copies take new search keys (the trigram index's, given by a trigger): the originals' are left out.
  const rows = await db.selectFrom('documents').selectAll().where('owner_id', '=', a.userId).execute();
  const originals = rows.map(({ search_key: _key, ...row }) => row);
  const ids = originals.map((d) => d.id);
  const signers = await db
    .selectFrom('document_signers')
    .selectAll()
    .where('document_id', 'in', ids)
    .execute();
  const json = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const docAt = (j: number) => spread(j, a.plan.documents);
  const docId = (j: number) => uid(docAt(j), Kind.document, a.plan.tag, j);
  const status = (j: number) => STATUSES[j % STATUSES.length]!;
  function* documents(): Generator<Insertable<DocumentsTable>> {
    for (let j = 0; j < a.plan.documents; j++) {
      const from = originals[j % originals.length]!;
      const at = iso(docAt(j));
      yield {
        ...from,
        id: docId(j),
        document_number: `DOC-S${a.plan.tag}-${String(j).padStart(7, '0')}`,
        invoice_number: from.invoice_number ? `INV-S${j}` : null,
        status: status(j),
        search_text: `${from.search_text}\ndoc-s${a.plan.tag}-${j}`,
        parties: json(from.parties),
        details: json(from.details),
        sent_at: status(j) === 'generated' ? null : iso(docAt(j) + 3600_000),
        created_at: at,
        updated_at: at,
      };
    }
  }
  function* people(): Generator<Insertable<DocumentSignersTable>> {
    for (let j = 0; j < a.plan.documents; j++) {
      const from = originals[j % originals.length]!;
      for (const s of signers.filter((x) => x.document_id === from.id))
        yield {
          ...s,
          id: uid(docAt(j), Kind.signer, a.plan.tag, j * 16 + s.position),
          document_id: docId(j),
          token_hash: null,
          signature: s.signature === null ? null : json(s.signature),
        };
    }
  }
  function* events(): Generator<Insertable<DocumentEventsTable>> {
    for (let j = 0; j < a.plan.documents; j++) {
      const kinds = ['created', ...(status(j) === 'generated' ? [] : ['sent'])];
      if (['viewed', 'signed', 'completed', 'paid'].includes(status(j))) kinds.push('viewed');
      for (const [e, type] of kinds.entries())
        yield {
          id: uid(docAt(j) + e * 3600_000, Kind.event, a.plan.tag, j * 4 + e),
          document_id: docId(j),
          type,
          actor_name: type === 'viewed' ? 'Jon Vocal' : a.name,
          actor_email: type === 'viewed' ? 'jon@bench.example' : a.email,
          ip: null,
          user_agent: null,
          details: '{}',
          created_at: iso(docAt(j) + e * 3600_000),
        };
    }
  }
  await bulkInsert(db, dialect, 'documents', documents(), timings);
  await bulkInsert(db, dialect, 'document_signers', people(), timings);
  await bulkInsert(db, dialect, 'document_events', events(), timings);
}

/** Everything of one account, in the order the app would have written it. */
export async function seedAccount(
  db: Kysely<DB>,
  dialect: Dialect,
  a: Account,
  collaboratorIds: readonly string[],
  timings: Timings,
): Promise<{ linkedClient: string }> {
  const { plan } = a;
  const clients = clientRows(a.userId, plan.clients, plan.tag);
  await bulkInsert(db, dialect, 'clients', clients, timings);
  const started = performance.now();
  await rebuildStats(db, a.userId);
  timings.add('client_network_stats', 1, performance.now() - started);

  await bulkInsert(
    db,
    dialect,
    'projects',
    projectRows(
      plan,
      a.userId,
      clients.map((c) => c.id),
    ),
    timings,
  );
  // Projects other people own and share with the account (no tracks: they only need to be in its lists).
  const shared = [...projectRows({ ...plan, tag: plan.tag + 16, projects: plan.sharedWithMe }, '', [])].map(
    (p, i) => ({
      ...p,
      owner_id: collaboratorIds[i % collaboratorIds.length]!,
      track_count: 0,
      total_duration: 0,
      total_file_size: 0,
    }),
  );
  await bulkInsert(db, dialect, 'projects', shared, timings);
  await bulkInsert(
    db,
    dialect,
    'project_collaborators',
    collaboratorRows(a, collaboratorIds, shared),
    timings,
  );
  await bulkInsert(db, dialect, 'tracks', trackRows(plan, a.userId), timings);
  await bulkInsert(db, dialect, 'track_versions', versionRows(plan, a.userId), timings);
  await bulkInsert(db, dialect, 'comments', commentRows(plan, a.userId, collaboratorIds), timings);
  await bulkInsert(db, dialect, 'comment_likes', likeRows(plan, a.userId), timings);
  await bulkInsert(db, dialect, 'project_files', fileRows(plan, a.userId), timings);
  await seedDocuments(db, dialect, a, timings);
  await bulkInsert(db, dialect, 'notifications', notificationRows(plan, a.userId, collaboratorIds), timings);
  // Project 0 is linked to the first client (projectRows).
  return { linkedClient: clients[0]!.id };
}
