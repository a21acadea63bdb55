// The documents list at its edges: the answer's type and message, cached answers that never stand in for
// another query (a page and limit, or a search and a status, that read alike run together), a search that
// folds case the way the stored text does (ß stays ß), and invoice numbers that stay unique per owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { nextMillisecond } from '../clients/clients-testing.ts';
import { generateVia, payloads, request, sendVia } from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'List Edges' });
  ids.contract = (await generateVia(t.app, owner, payloads.contract({ title: 'Straße der Nacht' })))._id;
  nextMillisecond();
  ids.invoice = (await generateVia(t.app, owner, payloads.invoice()))._id;
  nextMillisecond();
  ids.agreement = (await generateVia(t.app, owner, payloads.agreement()))._id;
  await sendVia(t.app, owner, ids.agreement);
});
afterAll(async () => {
  await t.close();
});

const list = async (query: string) => {
  const res = await request(t.app, 'GET', `/api/documents?${query}`, owner);
  expect(res.statusCode, query).toBe(200);
  return res.json().data as {
    documents: Array<{ _id: string }>;
    pagination: { currentPage: number; totalPages: number; limit: number; totalDocuments: number };
  };
};
const idsOf = (data: { documents: Array<{ _id: string }> }) => data.documents.map((d) => d._id);

describe('the list answer', () => {
  it('is JSON in UTF-8 with the message "Documents", from the cache too', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await request(t.app, 'GET', '/api/documents', owner);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toMatchObject({ success: true, message: 'Documents' });
      expect(idsOf(res.json().data)).toEqual([ids.agreement, ids.invoice, ids.contract]);
    }
  });
});

describe('cached answers never stand in for another query', () => {
  it('page 1 of 12 and page 11 of 2 are different pages', async () => {
    const first = await list('page=1&limit=12');
    expect(idsOf(first)).toEqual([ids.agreement, ids.invoice, ids.contract]);
    const eleventh = await list('page=11&limit=2');
    expect(eleventh.documents).toEqual([]);
    expect(eleventh.pagination).toEqual({ currentPage: 11, totalPages: 2, limit: 2, totalDocuments: 3 });
  });

  it('a search for "generated" is not the list of generated documents', async () => {
    expect(idsOf(await list('status=generated'))).toEqual([ids.invoice, ids.contract]);
    const searched = await list('search=generated');
    expect(searched.documents).toEqual([]);
    expect(searched.pagination.totalDocuments).toBe(0);
    expect(idsOf(await list('status=sent'))).toEqual([ids.agreement]);
    expect(idsOf(await list('search=sent'))).toEqual([]);
  });
});

describe('search folds case as the stored text does', () => {
  it('finds "Straße" by ß in any case, and not by its upper-case spelling SS', async () => {
    expect(idsOf(await list(`search=${encodeURIComponent('straße')}`))).toEqual([ids.contract]);
    expect(idsOf(await list(`search=${encodeURIComponent('STRAßE der')}`))).toEqual([ids.contract]);
    expect(idsOf(await list('search=strasse'))).toEqual([]);
  });
});

describe('invoice numbers, unique per owner', () => {
  it('a second invoice with a number in use is refused on the field, on generate and on edit; its own number stays', async () => {
    const body = payloads.invoice();
    const first = await generateVia(t.app, owner, body);
    const duplicate = {
      field: 'invoiceDetails.invoiceNumber',
      message: 'An invoice with this number already exists',
    };
    const again = await request(
      t.app,
      'POST',
      '/api/documents/generate',
      owner,
      payloads.invoice({
        invoiceDetails: body.invoiceDetails,
      }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      message: duplicate.message,
      error: { code: 'CONFLICT', details: [{ path: duplicate.field, message: duplicate.message }] },
    });

    const otherBody = payloads.invoice();
    const other = await generateVia(t.app, owner, otherBody);
    const renumbered = await request(t.app, 'PUT', `/api/documents/${other._id}`, owner, {
      ...otherBody,
      invoiceDetails: { ...otherBody.invoiceDetails, invoiceNumber: body.invoiceDetails.invoiceNumber },
    });
    expect(renumbered.statusCode).toBe(409);
    expect(renumbered.json().error.details).toEqual([{ path: duplicate.field, message: duplicate.message }]);

    const kept = await request(t.app, 'PUT', `/api/documents/${first._id}`, owner, {
      ...body,
      title: 'Same number, new title',
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.document.invoiceDetails.invoiceNumber).toBe(body.invoiceDetails.invoiceNumber);
  });
});
