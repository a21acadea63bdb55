// Sending again, the Sign action and paying, at their edges: a resend after one party signed or opened their
// link, the order that cannot change once someone signed, what the mail and the audit trail say, and every
// refusal of sign-link and mark-paid word for word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  generateVia,
  mailedSigningToken,
  mailsTo,
  payloads,
  request,
  sendVia,
  signVia,
  typed,
} from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Edge Owner' });
});
afterAll(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const statuses = (doc: { signers: Array<{ status: string }> }) => doc.signers.map((s) => s.status);
const auditOf = async (id: string) =>
  (await request(t.app, 'GET', `/api/documents/${id}/audit`, owner)).json().data.events as Array<{
    type: string;
    details: Record<string, unknown>;
  }>;

describe('sending', () => {
  it('mails each party a request naming the sender, the title and the number; the audit trail says to whom', async () => {
    const body = payloads.contract();
    const { primary, secondary } = body.parties;
    const doc = await generateVia(t.app, owner, body);
    const res = await request(t.app, 'POST', `/api/documents/${doc._id}/send`, owner, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Signing links sent');
    expect(statuses(res.json().data.document)).toEqual(['sent', 'sent']);
    for (const party of [primary, secondary]) {
      const mails = await mailsTo(t.app, party.email, 'document_signing');
      expect(mails.map((m) => m.subject)).toEqual([`Edge Owner asks you to sign: ${doc.title}`]);
      expect(mails[0]!.text_body).toContain(`Hi ${party.name},\n\n`);
      expect(mails[0]!.text_body).toContain(
        `Edge Owner (${owner.user.email}) sent you "${doc.title}" (${doc.documentId}) to read and sign:\n`,
      );
    }
    const sent = (await auditOf(doc._id)).filter((e) => e.type === 'sent');
    expect(sent.map((e) => e.details)).toEqual([{ to: [primary.email, secondary.email], order: 'parallel' }]);
  });

  it('sent again after one party signed: only the other is mailed, the order stays, and may not change', async () => {
    const body = payloads.contract();
    const { primary, secondary } = body.parties;
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    const first = await mailedSigningToken(t.app, primary.email);
    expect((await signVia(t.app, first, typed(primary.name))).json().data.status).toBe('signed');

    const reorder = await request(t.app, 'POST', `/api/documents/${doc._id}/send`, owner, {
      signingOrder: 'sequential',
    });
    expect(reorder.statusCode).toBe(409);
    expect(reorder.json()).toMatchObject({
      success: false,
      message: "The signing order can't change once someone has signed",
      error: { code: 'CONFLICT' },
    });
    // The refused resend mailed no one.
    expect(await mailsTo(t.app, secondary.email, 'document_signing')).toHaveLength(1);

    const again = await request(t.app, 'POST', `/api/documents/${doc._id}/send`, owner, {
      signingOrder: 'parallel',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.document).toMatchObject({ status: 'signed', signingOrder: 'parallel' });
    expect(statuses(again.json().data.document)).toEqual(['signed', 'sent']);
    expect(await mailsTo(t.app, primary.email, 'document_signing')).toHaveLength(1);
    expect(await mailsTo(t.app, secondary.email, 'document_signing')).toHaveLength(2);
    const sent = (await auditOf(doc._id)).filter((e) => e.type === 'sent');
    expect(sent.map((e) => e.details)).toEqual([
      { to: [primary.email, secondary.email], order: 'parallel' },
      { to: [secondary.email], order: 'parallel' },
    ]);
    // The new link signs and completes the document.
    const second = await mailedSigningToken(t.app, secondary.email);
    expect((await signVia(t.app, second, typed(secondary.name))).json().data.status).toBe('completed');
  });

  it('a party who opened their link stays "viewed" when the links are sent again', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    const token = await mailedSigningToken(t.app, body.parties.primary.email);
    expect((await t.app.inject({ method: 'GET', url: `/api/sign/${token}` })).statusCode).toBe(200);
    const again = await sendVia(t.app, owner, doc._id);
    expect(again.status).toBe('viewed');
    expect(statuses(again)).toEqual(['viewed', 'sent']);
    // The old link died with the resend; the new one opens.
    expect((await t.app.inject({ method: 'GET', url: `/api/sign/${token}` })).statusCode).toBe(404);
    const fresh = await mailedSigningToken(t.app, body.parties.primary.email);
    expect(fresh).not.toBe(token);
    expect((await t.app.inject({ method: 'GET', url: `/api/sign/${fresh}` })).statusCode).toBe(200);
  });
});

describe('the Sign action of a signed-in party', () => {
  it('refuses a document not sent yet, and a caller who is no party still to sign, word for word', async () => {
    const mineBody = payloads.contract();
    mineBody.parties.primary.email = owner.user.email;
    const mine = await generateVia(t.app, owner, mineBody);
    const early = await request(t.app, 'POST', `/api/documents/${mine._id}/sign-link`, owner);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This document is not out for signature; send it first');

    const theirs = await generateVia(t.app, owner, payloads.contract());
    await sendVia(t.app, owner, theirs._id);
    const notParty = await request(t.app, 'POST', `/api/documents/${theirs._id}/sign-link`, owner);
    expect(notParty.statusCode).toBe(403);
    expect(notParty.json()).toMatchObject({
      success: false,
      message: 'You are not a party still to sign this document; you can resend the links instead',
      error: { code: 'FORBIDDEN' },
    });
  });

  it('gives the party who opened their mailed link a new one, and they stay "viewed"', async () => {
    const body = payloads.contract();
    body.parties.primary.email = owner.user.email;
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    const mailed = await mailedSigningToken(t.app, owner.user.email);
    expect((await t.app.inject({ method: 'GET', url: `/api/sign/${mailed}` })).statusCode).toBe(200);
    const res = await request(t.app, 'POST', `/api/documents/${doc._id}/sign-link`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Signing link');
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/sign\/[\w-]{43}$/);
    const now = (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document;
    expect(now.status).toBe('viewed');
    expect(statuses(now)).toEqual(['viewed', 'sent']);
    expect((await signVia(t.app, url.slice('/sign/'.length), typed('Edge Owner'))).statusCode).toBe(200);
  });
});

describe('marking an invoice paid', () => {
  it('refuses what is not an invoice, a date in the future, and an invoice not sent yet, word for word', async () => {
    const contract = await generateVia(t.app, owner, payloads.contract());
    await sendVia(t.app, owner, contract._id);
    const notInvoice = await request(t.app, 'POST', `/api/documents/${contract._id}/mark-paid`, owner, {
      paidAt: today(),
    });
    expect(notInvoice.statusCode).toBe(409);
    expect(notInvoice.json().message).toBe('Only an invoice can be marked as paid');

    const invoice = await generateVia(t.app, owner, payloads.invoice());
    const future = await request(t.app, 'POST', `/api/documents/${invoice._id}/mark-paid`, owner, {
      paidAt: '2999-12-31',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      success: false,
      message: "Payment date can't be in the future",
      error: {
        code: 'VALIDATION_ERROR',
        details: [{ path: 'paidAt', message: "Payment date can't be in the future" }],
      },
    });
    const unsent = await request(t.app, 'POST', `/api/documents/${invoice._id}/mark-paid`, owner, {
      paidAt: today(),
    });
    expect(unsent.statusCode).toBe(409);
    expect(unsent.json().message).toBe('Send the invoice before marking it as paid');
    const stored = (await request(t.app, 'GET', `/api/documents/${invoice._id}`, owner)).json().data.document;
    expect(stored).toMatchObject({ status: 'generated', paidAt: null });
  });

  it('pays a sent invoice once: the answer keeps its parties, the audit trail the date; the second is refused', async () => {
    const body = payloads.invoice();
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    const paid = await request(t.app, 'POST', `/api/documents/${doc._id}/mark-paid`, owner, {
      paidAt: '2026-01-05',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().message).toBe('Invoice marked as paid');
    const document = paid.json().data.document;
    expect(document).toMatchObject({ status: 'paid', paidAt: '2026-01-05' });
    expect(document.signers.map((s: { email: string; status: string }) => [s.email, s.status])).toEqual([
      [body.parties.primary.email, 'sent'],
      [body.parties.secondary.email, 'sent'],
    ]);
    const events = await auditOf(doc._id);
    expect(events.map((e) => e.type)).toEqual(['created', 'sent', 'paid']);
    expect(events[2]!.details).toEqual({ paidAt: '2026-01-05' });

    const twice = await request(t.app, 'POST', `/api/documents/${doc._id}/mark-paid`, owner, {
      paidAt: '2026-01-06',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      success: false,
      message: 'This invoice is paid already',
      error: { code: 'CONFLICT' },
    });
    const stored = (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document;
    expect(stored.paidAt).toBe('2026-01-05');
  });
});
