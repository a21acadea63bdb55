// The clients' and documents' search through their trigram indexes (migration 0033, db/trigram-search.ts): for
// an owner past INDEXED_SEARCH_FROM rows SQLite reads the FTS5 index, PostgreSQL its pg_trgm index serves the
// LIKE. Whatever the path, a search finds exactly the owner's rows whose stored search text holds the term as a
// substring, any case, with %, _, quotes and FTS5's own query syntax taken literally: JavaScript's
// `includes` over the rows read back is the judge. The index follows every write (create, rename, delete),
// the migration indexes the rows already there, and on SQLite the plan switches at exactly 2,000 rows.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  TEST_DIALECT,
  type TestApp,
} from '../../test/helper.ts';
import { createClientVia, listVia } from '../modules/clients/clients-testing.ts';
import { generateVia, payloads, request } from '../modules/documents/documents-testing.ts';
import type { MigrationDb } from './migration-helpers.ts';
import * as m0033 from './migrations/0033-list-search.ts';

const SQLITE = TEST_DIALECT === 'sqlite';
/** From this many rows an owner's search reads SQLite's index (sql-helpers.ts, INDEXED_SEARCH_FROM). */
const INDEXED_SEARCH_FROM = 2_000;
// SQLite's plan changes at the threshold, so its owner is exactly that size; PostgreSQL has no threshold.
const CLIENTS = SQLITE ? INDEXED_SEARCH_FROM : 300;
const FIRST = ['Maya', 'Jonas', 'Aiko', 'Dara', 'Sven', 'Zoë', 'Émile', 'Ana'];
const LAST = ['Chen', 'Okafor', 'Östergaard', 'Rossi', 'Nakamura', "O'Neil", 'Smith_Jones', '100% Tapes'];
/** Terms with what a trigram index or a LIKE could get wrong: case, accents, wildcards, FTS5 syntax, length. */
const TERMS = [
  'chen',
  'CHEN',
  'maya chen 1',
  'östergaard',
  'ÖSTER',
  'ös',
  'zoë',
  'zoe',
  'émile',
  'emile',
  '100%',
  '% t',
  'smith_jones',
  'h_j',
  "o'neil",
  '"réelle"',
  'école',
  'real" or "maya',
  'near(',
  '***',
  'chen:',
  'zzqx',
  '1999',
  'ab',
  'a',
  'label',
];

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp(RAISED_RATE_LIMITS);
  owner = await registerUser(t.app, { name: 'Lena Label' });
  other = await registerUser(t.app, { name: 'Otto Other' });
  // The other owner's clients hold the rare term and the common one: neither may reach the owner's answers.
  for (let i = 0; i < 5; i++)
    await createClientVia(t.app, other, { name: `Zzqx Chen ${i}`, email: `zzqx${i}@other.example` });
  for (let from = 0; from < CLIENTS; from += 40)
    await Promise.all(
      Array.from({ length: Math.min(40, CLIENTS - from) }, (_, k) => {
        const i = from + k;
        return createClientVia(t.app, owner, {
          name: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]} ${i}`,
          email: `c${i}@label.example`,
          ...(i % 5 === 0 ? { company: 'École "Réelle"' } : {}),
        });
      }),
    );
}, 120_000);
afterAll(() => t.close());

/** The owner's rows whose stored search text holds `term`, by JavaScript's own substring test. */
async function expected(table: 'clients' | 'documents', ownerId: string, term: string): Promise<Set<string>> {
  const rows = await t.app.ctx.db
    .selectFrom(table)
    .select(['id', 'search_text'])
    .where('owner_id', '=', ownerId)
    .execute();
  const needle = term.trim().toLowerCase();
  return new Set(rows.filter((r) => r.search_text.includes(needle)).map((r) => r.id));
}

async function searchClients(term: string) {
  const data = await listVia(t.app, owner, `limit=100&search=${encodeURIComponent(term)}`);
  return { total: data.pagination.totalClients, ids: data.clients.map((c) => c._id) };
}

/** The answer is the expected set: its total, and a first page of it of the right length. */
function expectAnswer(got: { total: number; ids: string[] }, want: Set<string>, limit: number) {
  expect(got.total).toBe(want.size);
  expect(got.ids).toHaveLength(Math.min(limit, want.size));
  for (const id of got.ids) expect(want.has(id)).toBe(true);
}

describe('the clients search', () => {
  it.each(TERMS)('finds exactly the rows holding %j', async (term) => {
    const want = await expected('clients', owner.user._id, term);
    expectAnswer(await searchClients(term), want, 100);
  });

  it('finds the common terms in many rows and the other owner’s never', async () => {
    expect((await searchClients('chen')).total).toBeGreaterThan(CLIENTS / 10);
    expect((await searchClients('label')).total).toBe(CLIENTS);
    expect((await searchClients('zzqx')).total).toBe(0);
  });

  it('follows a rename and a delete', async () => {
    const made = await createClientVia(t.app, owner, {
      name: 'Quillon Vantablack',
      email: 'qv@label.example',
    });
    expect((await searchClients('vantablack')).ids).toEqual([made._id]);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/clients/${made._id}`,
      headers: bearer(owner.token),
      payload: { name: 'Quillon Ultramarine' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await searchClients('vantablack')).total).toBe(0);
    expect((await searchClients('ultramarine')).ids).toEqual([made._id]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/clients/${made._id}`,
      headers: bearer(owner.token),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await searchClients('ultramarine')).total).toBe(0);
    if (SQLITE) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from clients_search
        where clients_search match '"ultramarine"'`.execute(t.app.ctx.db);
      expect(Number(rows[0]!.n)).toBe(0);
    }
  });
});

describe.runIf(SQLITE)('SQLite reads the index from exactly 2,000 rows', () => {
  /** Takes one client's entry out of the index: only a search that reads the index stops finding it. */
  async function hideFromIndex(term: string) {
    const [id] = await expected('clients', owner.user._id, term);
    await sql`delete from clients_search where rowid = (select search_key from clients where id = ${id})`.execute(
      t.app.ctx.db,
    );
    return async () => {
      await sql`insert into clients_search (rowid, search_text)
        select search_key, search_text from clients where id = ${id}`.execute(t.app.ctx.db);
    };
  }

  it('at 2,000 clients a search reads the index; at 1,999 it scans the owner’s rows', async () => {
    const term = 'maya chen 1992';
    const restore = await hideFromIndex(term);
    try {
      expect((await searchClients(term)).total).toBe(0);
      // One client less: the owner's rows are scanned, and the hidden entry does not matter.
      const victim = await createClientVia(t.app, owner, {
        name: 'Brief Visitor',
        email: 'bv@label.example',
      });
      expect((await searchClients(term)).total).toBe(0);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/clients/${victim._id}`,
        headers: bearer(owner.token),
      });
      expect(removed.statusCode).toBe(200);
      const [first] = [...(await expected('clients', owner.user._id, 'sven'))];
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/clients/${first}`,
        headers: bearer(owner.token),
      });
      expect(gone.statusCode).toBe(200);
      expect((await listVia(t.app, owner)).summary.total).toBe(INDEXED_SEARCH_FROM - 1);
      expect((await searchClients(term)).total).toBe(1);
      // A two-letter term never reads the index, whatever the size.
      expect((await searchClients('ab')).total).toBe((await expected('clients', owner.user._id, 'ab')).size);
    } finally {
      await restore();
      await createClientVia(t.app, owner, { name: 'Sven Refill', email: 'refill@label.example' });
    }
    expect((await searchClients(term)).total).toBe(1);
  });
});

describe('the documents search', () => {
  let real: string;

  beforeAll(async () => {
    const made = await generateVia(t.app, owner, payloads.contract());
    await generateVia(t.app, owner, payloads.invoice());
    real = made._id;
    // The rest are copies of the real one's row under other titles and numbers, as many as the threshold.
    const row = await t.app.ctx.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', real)
      .executeTakeFirstOrThrow();
    const { search_key: _key, parties, details, ...copy } = row;
    // PostgreSQL reads its JSON columns as objects; they go back as text.
    const json = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    const rows = Array.from({ length: INDEXED_SEARCH_FROM }, (_, i) => {
      const title = `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]} session ${i}`;
      return {
        ...copy,
        parties: json(parties),
        details: json(details),
        id: `${real}-copy-${i}`,
        document_number: `COPY-${String(i).padStart(5, '0')}`,
        title,
        search_text: `${title}\ncopy-${i}`.toLowerCase(),
        created_at: new Date(new Date(row.created_at).getTime() - (i + 1) * 1000).toISOString(),
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await t.app.ctx.db
        .insertInto('documents')
        .values(rows.slice(i, i + 200))
        .execute();
  }, 60_000);

  async function searchDocuments(term: string) {
    const res = await request(
      t.app,
      'GET',
      `/api/documents?limit=50&search=${encodeURIComponent(term)}`,
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { pagination: { totalDocuments: number }; documents: { _id: string }[] };
    return { total: data.pagination.totalDocuments, ids: data.documents.map((d) => d._id) };
  }

  it.each([...TERMS, 'session 1', 'maya beats', 'midnight'])(
    'finds exactly the rows holding %j',
    async (term) => {
      expectAnswer(await searchDocuments(term), await expected('documents', owner.user._id, term), 50);
    },
  );

  it('follows an edit and a delete of a real document', async () => {
    const payload = payloads.contract({
      parties: {
        primary: { name: 'Quillon Zephyrine', email: 'qz@label.example' },
        secondary: { name: 'Jon Vocal', email: 'jv@label.example' },
      },
    });
    const edited = await request(t.app, 'PUT', `/api/documents/${real}`, owner, payload);
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await searchDocuments('zephyrine')).ids).toEqual([real]);
    const gone = await request(t.app, 'DELETE', `/api/documents/${real}`, owner);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await searchDocuments('zephyrine')).total).toBe(0);
  });
});

describe('migration 0033 indexes the rows already there', () => {
  it('after the migration runs again, every search finds what it found before', async () => {
    const db = t.app.ctx.db as unknown as MigrationDb;
    await m0033.down(db);
    await m0033.up(db);
    for (const term of ['chen', 'östergaard', 'session 1', '100%']) {
      expectAnswer(await searchClients(term), await expected('clients', owner.user._id, term), 100);
    }
    const made = await createClientVia(t.app, owner, {
      name: 'Late Arrival Chenoweth',
      email: 'la@label.example',
    });
    expect((await searchClients('chenoweth')).ids).toEqual([made._id]);
  });
});
