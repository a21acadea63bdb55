// SQLite's choice between the trigram index and a scan of the owner's rows (db/sql-helpers.ts,
// `searchReadsIndex`): past INDEXED_SEARCH_FROM rows the index is read only for a term it holds fewer times,
// every owner's rows counted, than one in ROWS_PER_INDEXED_MATCH of the owner's rows; a common term is
// scanned. The bound is pinned at exactly 400 matches for an owner of 2,000 documents by taking the owner's one
// match out of the index: only a search that reads the index stops finding it. PostgreSQL has no such choice
// (its planner reads its own statistics); list-search.test.ts checks what both dialects find.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  TEST_DIALECT,
  type TestApp,
} from '../../test/helper.ts';
import { generateVia, payloads, request } from '../modules/documents/documents-testing.ts';

/** The owner's size, and the matches from which their search of documents scans: 2,000 / 5 (sql-helpers.ts). */
const OWNER_ROWS = 2_000;
const SCAN_FROM = 400;
const TERM = 'quokkatune';

describe.runIf(TEST_DIALECT === 'sqlite')(
  'SQLite scans an owner’s rows for a term the index holds often',
  () => {
    let t: TestApp;
    let owner: SignedIn;
    let other: SignedIn;
    let copyOf: (ownerId: string, n: number, term: string) => Record<string, unknown>;
    let copies = 0;
    const insertCopies = async (ownerId: string, count: number, term: string) => {
      const rows = Array.from({ length: count }, (_, k) => copyOf(ownerId, copies + k + 1, term));
      copies += count;
      for (let i = 0; i < rows.length; i += 200)
        await t.app.ctx.db
          .insertInto('documents')
          .values(rows.slice(i, i + 200) as never)
          .execute();
    };

    beforeAll(async () => {
      t = await createTestApp(RAISED_RATE_LIMITS);
      owner = await registerUser(t.app, { name: 'Lena Label' });
      other = await registerUser(t.app, { name: 'Otto Other' });
      const real = await generateVia(t.app, owner, payloads.contract());
      const row = await t.app.ctx.db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', real._id)
        .executeTakeFirstOrThrow();
      const { search_key: _key, ...rest } = row;
      copyOf = (ownerId, n, term) => ({
        ...rest,
        owner_id: ownerId,
        id: `${real._id}-copy-${n}`,
        document_number: `COPY-${String(n).padStart(5, '0')}`,
        title: `Session ${n}`,
        search_text: `session ${n}\n${term}`,
        created_at: new Date(new Date(row.created_at).getTime() - n * 1000).toISOString(),
      });
      // The owner: the real document and 1,999 copies, one of which holds the term.
      await insertCopies(owner.user._id, OWNER_ROWS - 2, 'plain');
      await insertCopies(owner.user._id, 1, TERM);
      // Its index entry goes: a search that reads the index no longer finds it, a scan does.
      await sql`delete from documents_search where rowid = (
      select search_key from documents where owner_id = ${owner.user._id} and search_text like ${`%${TERM}%`}
    )`.execute(t.app.ctx.db);
    }, 60_000);
    afterAll(() => t.close());

    /** Each call asks for another page size: the owner's cached answers (their rows unchanged) are not reused. */
    let limit = 10;
    const found = async (term: string) => {
      limit += 1;
      const res = await request(t.app, 'GET', `/api/documents?limit=${limit}&search=${term}`, owner);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.pagination.totalDocuments as number;
    };

    it('reads the index up to 399 matches of any owner, and scans from 400', async () => {
      const all = await request(t.app, 'GET', '/api/documents?limit=1', owner);
      expect(all.json().data.pagination.totalDocuments).toBe(OWNER_ROWS);
      // The other owner's rows count towards the index's matches, never towards the owner's answer.
      await insertCopies(other.user._id, SCAN_FROM - 2, TERM);
      expect(await found(TERM)).toBe(0);
      await insertCopies(other.user._id, 1, TERM);
      expect(await found(TERM)).toBe(0);
      await insertCopies(other.user._id, 1, TERM);
      expect(await found(TERM)).toBe(1);
      // A common term of the owner's own is scanned too: a row missing from the index is still found.
      await sql`delete from documents_search where rowid = (
      select search_key from documents where owner_id = ${owner.user._id} and search_text like '%plain%' limit 1
    )`.execute(t.app.ctx.db);
      expect(await found('plain')).toBe(OWNER_ROWS - 2);
    });
  },
);
