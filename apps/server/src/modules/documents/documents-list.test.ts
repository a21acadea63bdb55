// GET /api/documents: filtered, searched, paged and counted in SQL, newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { nextMillisecond } from '../clients/clients-testing.ts';
import { generateVia, payloads, request } from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Lister' });
  ids.contract = (await generateVia(t.app, owner, payloads.contract()))._id;
  nextMillisecond();
  ids.invoice = (await generateVia(t.app, owner, payloads.invoice()))._id;
  nextMillisecond();
  ids.agreement = (await generateVia(t.app, owner, payloads.agreement()))._id;
  nextMillisecond();
  ids.split = (await generateVia(t.app, owner, payloads.splitSheet()))._id;
  nextMillisecond();
  ids.overdue = (
    await generateVia(
      t.app,
      owner,
      payloads.invoice({ invoiceDetails: { ...payloads.invoice().invoiceDetails, dueDate: '2020-03-01' } }),
    )
  )._id;
  // Sending arrives with the signing flow; here the past-due invoice is marked as sent directly.
  await t.app.ctx.db.updateTable('documents').set({ status: 'sent' }).where('id', '=', ids.overdue).execute();
});
afterAll(async () => {
  await t.close();
});

const list = async (query = '') => {
  const res = await request(t.app, 'GET', `/api/documents${query ? `?${query}` : ''}`, owner);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    documents: Array<{ _id: string; overdue: boolean; status: string }>;
    pagination: { currentPage: number; totalPages: number; limit: number; totalDocuments: number };
    stats: Record<string, number>;
  };
};

describe('the documents list', () => {
  it('lists newest first with counts per status over every document', async () => {
    const data = await list();
    expect(data.documents.map((d) => d._id)).toEqual([
      ids.overdue,
      ids.split,
      ids.agreement,
      ids.invoice,
      ids.contract,
    ]);
    expect(data.stats).toMatchObject({
      total: 5,
      generated: 4,
      sent: 1,
      viewed: 0,
      signed: 0,
      completed: 0,
      overdue: 1,
    });
    expect(data.pagination).toEqual({ currentPage: 1, totalPages: 1, limit: 12, totalDocuments: 5 });
  });

  it('filters by status, by type and by overdue, keeping the stats of everything', async () => {
    expect((await list('status=sent')).documents.map((d) => d._id)).toEqual([ids.overdue]);
    expect((await list('status=generated&type=invoice')).documents.map((d) => d._id)).toEqual([ids.invoice]);
    const overdue = await list('status=overdue');
    expect(overdue.documents.map((d) => [d._id, d.overdue])).toEqual([[ids.overdue, true]]);
    expect(overdue.stats.total).toBe(5);
    expect((await list('type=split_sheet')).documents.map((d) => d._id)).toEqual([ids.split]);
    expect((await list('status=&type=all')).documents).toHaveLength(5);
  });

  it('searches titles, numbers and parties, case-insensitively and literally', async () => {
    expect((await list('search=neon%20RAIN')).documents.map((d) => d._id)).toEqual([ids.split]);
    expect((await list('search=night%20owl')).documents.map((d) => d._id)).toEqual([ids.split]);
    expect((await list('search=midnight')).documents.map((d) => d._id)).toEqual([ids.contract]);
    expect((await list('search=%25')).documents).toEqual([]);
    expect((await list('search=_')).documents).toEqual([]);
  });

  it('pages through the list', async () => {
    const first = await list('limit=2');
    const third = await list('limit=2&page=3');
    expect(first.pagination).toMatchObject({ currentPage: 1, totalPages: 3, limit: 2, totalDocuments: 5 });
    expect(first.documents.map((d) => d._id)).toEqual([ids.overdue, ids.split]);
    expect(third.documents.map((d) => d._id)).toEqual([ids.contract]);
  });

  it('refuses bad query values with a clear 400', async () => {
    for (const query of [
      'page=0',
      'page=abc',
      'limit=-1',
      'status=archived',
      'type=memo',
      `search=${'x'.repeat(101)}`,
      'page=1&page=2',
    ]) {
      const res = await request(t.app, 'GET', `/api/documents?${query}`, owner);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });
});
