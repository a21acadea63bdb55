// Sending and signing: links by email, opening records 'viewed', typed and drawn signatures, completion with
// a certificate and a digital seal a standard verifier accepts, sequential order, a party signing from their account, and paying.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  downloadVia,
  generateVia,
  mailedSigningToken,
  mailsTo,
  payloads,
  pdfsig,
  readPdf,
  request,
  sendVia,
  signVia,
  squash,
  TINY_PNG,
  typed,
} from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Sending Owner' });
});
afterAll(async () => {
  await t.close();
});

describe('sending and signing a contract to completion', () => {
  it('emails each party its own link, records viewed, signs typed then drawn, and completes with a sealed PDF', async () => {
    const body = payloads.contract();
    const { primary, secondary } = body.parties;
    const doc = await generateVia(t.app, owner, body);
    const unsignedSha = doc.pdf.sha256;
    const sent = await sendVia(t.app, owner, doc._id);
    expect(sent.status).toBe('sent');
    expect(sent.signers.map((s: { status: string }) => s.status)).toEqual(['sent', 'sent']);
    const first = await mailedSigningToken(t.app, primary.email);
    const second = await mailedSigningToken(t.app, secondary.email);
    expect(first).not.toBe(second);

    const open = await t.app.inject({
      method: 'GET',
      url: `/api/sign/${first}`,
      headers: { 'user-agent': 'SignerBrowser/1' },
    });
    expect(open.statusCode).toBe(200);
    expect(open.json().data.signing).toMatchObject({
      signer: { email: primary.email, role: 'primary' },
      from: { email: owner.user.email },
      document: { documentId: doc.documentId, contractDetails: { budget: 12500.5 } },
    });
    expect(
      (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document.status,
    ).toBe('viewed');
    const pdf = await t.app.inject({ method: 'GET', url: `/api/sign/${first}/pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const signed = await signVia(t.app, first, typed('Maya Beats'), { 'user-agent': 'SignerBrowser/1' });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.status).toBe('signed');
    expect((await t.app.inject({ method: 'GET', url: `/api/sign/${first}` })).statusCode).toBe(404);
    expect((await signVia(t.app, first, typed('Maya Beats'))).statusCode).toBe(404);

    const done = await signVia(t.app, second, {
      signature: { kind: 'drawn', value: TINY_PNG },
      consent: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('completed');

    const final = (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document;
    expect(final.status).toBe('completed');
    expect(final.signatures.map((s: { partyEmail: string }) => s.partyEmail)).toEqual([
      primary.email,
      secondary.email,
    ]);
    const bytes = await downloadVia(t.app, owner, doc._id);
    const flat = squash(readPdf(bytes).text);
    for (const expected of [
      'Certificate of Completion',
      unsignedSha,
      'SignerBrowser/1',
      'Maya Beats',
      'Jon Vocal',
    ])
      expect(flat).toContain(expected);
    const report = pdfsig(bytes);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    // One byte changed inside the first signed range (the PDF's body, before the signature).
    const tampered = Buffer.from(bytes);
    const at = Math.floor(bytes.indexOf('/ByteRange') / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    expect(pdfsig(tampered)).not.toContain('Signature is Valid');

    for (const to of [primary.email, secondary.email, owner.user.email]) {
      const mails = await mailsTo(t.app, to, 'document_completed');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toContain(`document-${doc._id}.pdf`);
    }
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/documents/verify',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(verified.json().data).toMatchObject({ issued: true, document: { _id: doc._id, kind: 'final' } });
    const audit = (await request(t.app, 'GET', `/api/documents/${doc._id}/audit`, owner)).json().data.events;
    expect(audit.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'sent',
      'viewed',
      'signed',
      'signed',
      'completed',
      'downloaded',
    ]);
    expect(audit[2]).toMatchObject({ actor: { email: primary.email }, userAgent: 'SignerBrowser/1' });
    // A completed document is kept: no edit, no delete, no new links.
    expect((await request(t.app, 'DELETE', `/api/documents/${doc._id}`, owner)).statusCode).toBe(409);
    expect((await request(t.app, 'POST', `/api/documents/${doc._id}/send`, owner, {})).statusCode).toBe(409);
  });

  it('in sequential order the secondary party gets a link only after the primary has signed', async () => {
    const body = payloads.agreement();
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id, { signingOrder: 'sequential' });
    await expect(mailedSigningToken(t.app, body.parties.secondary.email)).rejects.toThrow();
    const first = await mailedSigningToken(t.app, body.parties.primary.email);
    expect((await signVia(t.app, first, typed('Maya Beats'))).statusCode).toBe(200);
    const second = await mailedSigningToken(t.app, body.parties.secondary.email);
    expect((await signVia(t.app, second, typed('Jon Vocal'))).json().data.status).toBe('completed');
  });

  it('a split sheet is complete only when every listed person has signed', async () => {
    const body = payloads.splitSheet();
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    const people = [...body.splitSheetDetails.writers, ...body.splitSheetDetails.publishers];
    const statuses: string[] = [];
    for (const p of people)
      statuses.push(
        (await signVia(t.app, await mailedSigningToken(t.app, p.email), typed(p.name))).json().data.status,
      );
    expect(statuses).toEqual(['signed', 'signed', 'signed', 'completed']);
  });
});

describe('a party signing from their own account, and invoices being paid', () => {
  it('the Sign action gives the signed-in party their signing page; anyone else is told to resend', async () => {
    const body = payloads.contract();
    body.parties.primary.email = owner.user.email;
    const doc = await generateVia(t.app, owner, body);
    const early = await request(t.app, 'POST', `/api/documents/${doc._id}/sign-link`, owner);
    expect(early.statusCode).toBe(409);
    await sendVia(t.app, owner, doc._id);
    const res = await request(t.app, 'POST', `/api/documents/${doc._id}/sign-link`, owner);
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/sign\/[\w-]{43}$/);
    expect((await signVia(t.app, url.slice(6), typed('Sending Owner'))).json().data.status).toBe('signed');
    const other = await generateVia(t.app, owner, payloads.contract());
    await sendVia(t.app, owner, other._id);
    const notParty = await request(t.app, 'POST', `/api/documents/${other._id}/sign-link`, owner);
    expect(notParty.statusCode).toBe(403);
  });

  it('an invoice that went out can be marked paid; the stats count it', async () => {
    const doc = await generateVia(t.app, owner, payloads.invoice());
    const early = await request(t.app, 'POST', `/api/documents/${doc._id}/mark-paid`, owner, {
      paidAt: '2026-01-05',
    });
    expect(early.statusCode).toBe(409);
    await sendVia(t.app, owner, doc._id);
    const future = await request(t.app, 'POST', `/api/documents/${doc._id}/mark-paid`, owner, {
      paidAt: '2999-01-01',
    });
    expect(future.statusCode).toBe(400);
    const bad = await request(t.app, 'POST', `/api/documents/${doc._id}/mark-paid`, owner, {
      paidAt: '05/01/2026',
    });
    expect(bad.statusCode).toBe(400);
    const paid = await request(t.app, 'POST', `/api/documents/${doc._id}/mark-paid`, owner, {
      paidAt: '2026-01-05',
    });
    expect(paid.json().data.document).toMatchObject({ status: 'paid', paidAt: '2026-01-05' });
    const list = (await request(t.app, 'GET', '/api/documents?status=paid', owner)).json().data;
    expect(list.documents.map((d: { _id: string }) => d._id)).toEqual([doc._id]);
    expect(list.stats.paid).toBe(1);
    const contract = await generateVia(t.app, owner, payloads.contract());
    await sendVia(t.app, owner, contract._id);
    expect(
      (
        await request(t.app, 'POST', `/api/documents/${contract._id}/mark-paid`, owner, {
          paidAt: '2026-01-05',
        })
      ).statusCode,
    ).toBe(409);
  });
});
