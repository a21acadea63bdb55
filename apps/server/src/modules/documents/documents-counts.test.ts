// The documents list's stats tiles and totals come from counts kept by triggers (migration 0032-document-counts)
// and the overdue invoices counted along an index. After every change of status (generate, send, void, mark
// paid, delete) the tiles and every status and type filter's total equal a count of the rows themselves, another
// owner's documents never count, and the migration's backfill counts what came before it.
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '@mixdesk/contract/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import type { MigrationDb } from '../../db/migration-helpers.ts';
import * as m0032 from '../../db/migrations/0032-document-counts.ts';
import { generateVia, payloads, request, sendVia } from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  // Each check reads the list 22 times: past the per-user search limit, which other tests hold.
  t = await createTestApp(RAISED_RATE_LIMITS);
  owner = await registerUser(t.app, { name: 'Olive Counts' });
  other = await registerUser(t.app, { name: 'Otto Counts' });
  await generateVia(t.app, other, payloads.invoice());
});
afterAll(() => t.close());

async function list(query = '') {
  const res = await request(t.app, 'GET', `/api/documents${query}`, owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    stats: Record<string, number>;
    pagination: { totalDocuments: number };
    documents: { _id: string }[];
  };
}

/** The owner's rows, counted here from the table itself, and the overdue invoices by their columns. */
async function recount() {
  const rows = await t.app.ctx.db
    .selectFrom('documents')
    .select(['status', 'document_type', 'due_date'])
    .where('owner_id', '=', owner.user._id)
    .execute();
  const owed = new Set(['sent', 'viewed', 'signed']);
  return {
    rows,
    overdue: rows.filter(
      (r) => r.document_type === 'invoice' && owed.has(r.status) && r.due_date! < '2026-01-01',
    ).length,
  };
}

/** The tiles, and the total of every status filter, type filter and pair of them, as the rows say. */
async function expectCountsOfRows() {
  const { rows, overdue } = await recount();
  const data = await list();
  const expected: Record<string, number> = { total: rows.length, overdue };
  for (const status of DOCUMENT_STATUSES) expected[status] = rows.filter((r) => r.status === status).length;
  expect(data.stats).toEqual(expected);
  expect(data.pagination.totalDocuments).toBe(rows.length);
  for (const type of DOCUMENT_TYPES) {
    const ofType = rows.filter((r) => r.document_type === type);
    expect((await list(`?type=${type}`)).pagination.totalDocuments).toBe(ofType.length);
    for (const status of ['generated', 'sent', 'voided', 'paid'] as const)
      expect((await list(`?type=${type}&status=${status}`)).pagination.totalDocuments).toBe(
        ofType.filter((r) => r.status === status).length,
      );
  }
  expect((await list('?status=overdue')).pagination.totalDocuments).toBe(overdue);
  return data.stats;
}

describe("the documents list's kept counts", () => {
  it('follow every change of status and every delete, and count none of another owner', async () => {
    expect(await expectCountsOfRows()).toMatchObject({ total: 0, overdue: 0 });
    const contract = await generateVia(t.app, owner, payloads.contract());
    const late = await generateVia(t.app, owner, payloads.invoice());
    const paid = await generateVia(t.app, owner, payloads.invoice());
    const agreement = await generateVia(t.app, owner, payloads.agreement());
    await generateVia(t.app, owner, payloads.splitSheet());
    expect(await expectCountsOfRows()).toMatchObject({ total: 5, generated: 5 });

    // Due in the past: overdue once it goes out, by the date, with no status of its own.
    await t.app.ctx.db
      .updateTable('documents')
      .set({ due_date: '2020-01-31' })
      .where('id', '=', late._id)
      .execute();
    await sendVia(t.app, owner, late._id);
    await sendVia(t.app, owner, paid._id);
    await sendVia(t.app, owner, contract._id);
    expect(await expectCountsOfRows()).toMatchObject({ generated: 2, sent: 3, overdue: 1 });

    const marked = await request(t.app, 'POST', `/api/documents/${paid._id}/mark-paid`, owner, {
      paidAt: '2026-01-02',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const voided = await request(t.app, 'POST', `/api/documents/${contract._id}/void`, owner, {});
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await expectCountsOfRows()).toMatchObject({ sent: 1, paid: 1, voided: 1, overdue: 1 });

    const deleted = await request(t.app, 'DELETE', `/api/documents/${agreement._id}`, owner);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await expectCountsOfRows()).toMatchObject({ total: 4, generated: 1 });
  });

  it("counts with the migration's backfill what was there before it", async () => {
    const before = await expectCountsOfRows();
    const db = t.app.ctx.db as unknown as MigrationDb;
    await m0032.down(db);
    await m0032.up(db);
    expect(await expectCountsOfRows()).toEqual(before);
  });
});
