import { DocumentSchema } from '@mixdesk/contract/document-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  currentPdfKey,
  documentsSnapshot,
  downloadVia,
  generateVia,
  payloads,
  readPdf,
  request,
  squash,
  storedPdfKeys,
} from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Doc Owner' });
  other = await registerUser(t.app, { name: 'Other Producer' });
});
afterAll(async () => {
  await t.close();
});

describe('generating each template', () => {
  it('a producer contract is stored as generated, and its PDF carries every party, deliverable, amount and clause', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    expect(DocumentSchema.parse(doc)).toBeTruthy();
    expect(doc).toMatchObject({
      status: 'generated',
      documentType: 'contract',
      templateName: 'producer-contract',
      parties: body.parties,
      contractDetails: { budget: 12500.5, revisions: 3, deliverables: body.contractDetails.deliverables },
    });
    expect(doc.documentId).toMatch(/^DOC-\d{8}-[0-9A-F]{6}$/);
    expect(doc.signers.map((s) => [s.role, s.email, s.status])).toEqual([
      ['primary', body.parties.primary.email, 'pending'],
      ['secondary', body.parties.secondary.email, 'pending'],
    ]);
    const { text } = readPdf(await downloadVia(t.app, owner, doc._id));
    const flat = squash(text);
    for (const expected of [
      'Maya Beats',
      body.parties.primary.email,
      'Jon Vocal',
      body.parties.secondary.email,
      'Midnight Drive EP',
      'Four mixed stereo masters',
      'Stems for every track',
      'Eight weeks from signing',
      '$12,500.50',
      'Half on signing, half on delivery',
      'The artist owns the masters; the producer keeps a 3% royalty.',
      'Either party may cancel with 14 days written notice.',
      doc.documentId,
    ])
      expect(flat).toContain(expected);
  });

  it('an invoice computes every amount in cents on the server, whatever totals the client sends', async () => {
    const body = payloads.invoice();
    const details = {
      ...body.invoiceDetails,
      items: body.invoiceDetails.items.map((i) => ({ ...i, amount: 1 })),
      subtotal: 5,
      tax: 1,
      total: 6,
    };
    const doc = await generateVia(t.app, owner, { ...body, invoiceDetails: details });
    // 7.5 × 85.25 = 639.375 → 639.38; 3 × 120 = 360; 8.875 % of 999.38 = 88.694… → 88.69.
    expect(doc.invoiceDetails).toMatchObject({
      items: [{ amount: 639.38 }, { amount: 360 }],
      subtotal: 999.38,
      taxRate: 8.875,
      tax: 88.69,
      total: 1088.07,
      paymentTerms: 'Net 30',
      dueDate: '2030-01-31',
    });
    const flat = squash(readPdf(await downloadVia(t.app, owner, doc._id)).text);
    for (const expected of [
      body.invoiceDetails.invoiceNumber,
      'Tracking, Studio A (hours)',
      '$85.25',
      '$639.38',
      '$360.00',
      '$999.38',
      '$88.69',
      '$1,088.07',
      'Net 30',
      'Thank you for the session.',
      'Maya Beats',
      'Jon Vocal',
    ])
      expect(flat).toContain(expected);
  });

  it('an invoice may give its tax as an amount instead of a rate', async () => {
    const body = payloads.invoice();
    const { taxRate: _, ...rest } = body.invoiceDetails;
    const doc = await generateVia(t.app, owner, { ...body, invoiceDetails: { ...rest, tax: 50.5 } });
    expect(doc.invoiceDetails).toMatchObject({ subtotal: 999.38, taxRate: null, tax: 50.5, total: 1049.88 });
  });

  it("an agreement's secondary share is always 100 minus the primary, whatever the client sends", async () => {
    const body = payloads.agreement();
    const doc = await generateVia(t.app, owner, {
      ...body,
      agreementDetails: {
        ...body.agreementDetails,
        revenueShare: { primaryPercentage: 62.5, secondaryPercentage: 10 },
      },
    });
    expect(doc.agreementDetails?.revenueShare).toEqual({
      primaryPercentage: 62.5,
      secondaryPercentage: 37.5,
    });
    const flat = squash(readPdf(await downloadVia(t.app, owner, doc._id)).text);
    for (const expected of [
      'Co-production',
      '62.5%',
      '37.5%',
      'Beat production',
      'Topline and lyrics',
      'Twelve months',
    ])
      expect(flat).toContain(expected);
    expect(flat).toContain('Ends early by mutual written agreement.');
  });

  it('an agreement defaults to a 50/50 split', async () => {
    const body = payloads.agreement({ agreementDetails: {} });
    const doc = await generateVia(t.app, owner, body);
    expect(doc.agreementDetails?.revenueShare).toEqual({ primaryPercentage: 50, secondaryPercentage: 50 });
  });

  it('a split sheet lists every writer and publisher as a signer and prints their shares', async () => {
    const body = payloads.splitSheet();
    const doc = await generateVia(t.app, owner, body);
    const { writers, publishers } = body.splitSheetDetails;
    expect(doc.signers.map((s) => s.email)).toEqual([...writers, ...publishers].map((p) => p.email));
    expect(doc.parties.primary).toMatchObject({ name: 'Maya Beats', email: writers[0]!.email });
    expect(doc.parties.secondary).toMatchObject({ name: 'Jon Vocal', email: writers[1]!.email });
    expect(doc.splitSheetDetails?.writers.map((w) => w.share)).toEqual([33.34, 33.33, 33.33]);
    const flat = squash(readPdf(await downloadVia(t.app, owner, doc._id)).text);
    for (const expected of [
      'Neon Rain',
      'Ana Keys',
      'Night Owl Publishing',
      '00123456789',
      '33.34',
      'ASCAP',
      'PRS',
    ])
      expect(flat).toContain(expected);
  });

  it('a document can name a project the caller owns, and keeps its name', async () => {
    const project = await request(t.app, 'POST', '/api/projects', owner, { title: 'Summer Singles' });
    const projectId = project.json().data.project._id;
    const doc = await generateVia(t.app, owner, payloads.contract({ projectId }));
    expect(doc.project).toEqual({ _id: projectId, name: 'Summer Singles' });
  });
});

describe('editing, voiding and deleting', () => {
  it('an unsigned document can be edited: the PDF is rendered again as a new revision and the old file goes', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    const first = await currentPdfKey(t.app, doc._id);
    expect(first).toMatch(new RegExp(`^documents/${doc._id}/r1-[0-9a-f]{16}$`));
    const res = await request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, {
      ...body,
      contractDetails: { ...body.contractDetails, budget: 9999.99, projectTitle: 'Midnight Drive LP' },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data.document;
    expect(updated).toMatchObject({
      _id: doc._id,
      documentId: doc.documentId,
      contractDetails: { budget: 9999.99 },
    });
    expect(updated.pdf.revision).toBe(2);
    expect(updated.pdf.sha256).not.toBe(doc.pdf.sha256);
    const flat = squash(readPdf(await downloadVia(t.app, owner, doc._id)).text);
    expect(flat).toContain('$9,999.99');
    expect(flat).toContain('Midnight Drive LP');
    const second = await currentPdfKey(t.app, doc._id);
    expect(second).toMatch(new RegExp(`^documents/${doc._id}/r2-[0-9a-f]{16}$`));
    expect(await storedPdfKeys(t.app, doc._id)).toEqual([second]);
  });

  it("an edit can't change the document's type, and changes nothing when refused", async () => {
    const doc = await generateVia(t.app, owner, payloads.contract());
    const before = await documentsSnapshot(t.app);
    const res = await request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, payloads.invoice());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });

  it('deleting removes the document and every file it had', async () => {
    const doc = await generateVia(t.app, owner, payloads.agreement());
    expect(await storedPdfKeys(t.app, doc._id)).toHaveLength(1);
    const res = await request(t.app, 'DELETE', `/api/documents/${doc._id}`, owner);
    expect(res.statusCode).toBe(200);
    expect((await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).statusCode).toBe(404);
    expect(await storedPdfKeys(t.app, doc._id)).toEqual([]);
  });

  it('a document someone signed cannot be edited or deleted, only voided', async () => {
    const doc = await generateVia(t.app, owner, payloads.contract());
    // Signing arrives with the signing flow; here a signature is put in place directly.
    await t.app.ctx.db
      .updateTable('document_signers')
      .set({ signed_at: new Date().toISOString(), status: 'signed' })
      .where('id', '=', doc.signers[0]!._id)
      .execute();
    await t.app.ctx.db.updateTable('documents').set({ status: 'signed' }).where('id', '=', doc._id).execute();
    const before = await documentsSnapshot(t.app);
    const put = await request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, payloads.contract());
    expect(put.statusCode).toBe(409);
    const del = await request(t.app, 'DELETE', `/api/documents/${doc._id}`, owner);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('A signed document cannot be deleted; void it instead');
    expect(await documentsSnapshot(t.app)).toEqual(before);
    const voided = await request(t.app, 'POST', `/api/documents/${doc._id}/void`, owner);
    expect(voided.json().data.document.status).toBe('voided');
    expect((await request(t.app, 'POST', `/api/documents/${doc._id}/void`, owner)).statusCode).toBe(409);
  });

  it('invoice numbers are unique per user, not across users', async () => {
    const body = payloads.invoice();
    await generateVia(t.app, owner, body);
    const before = await documentsSnapshot(t.app);
    const again = await request(
      t.app,
      'POST',
      '/api/documents/generate',
      owner,
      payloads.invoice({ invoiceDetails: body.invoiceDetails }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An invoice with this number already exists');
    expect(await documentsSnapshot(t.app)).toEqual(before);
    await generateVia(t.app, other, payloads.invoice({ invoiceDetails: body.invoiceDetails }));
  });
});
