// The public signing routes' exact answers (every one kept by no cache, the PDF framed by our own pages only,
// the words of each outcome), guesses of the PDF's link counted per address, and the signing-mail budget's
// edges: a send refused after its places were taken gives them back, and the sender's 429 names the place
// that frees up enough of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { newId, sha256 } from '../../platform/ids.ts';
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
import { FAILURES_MAX, LINK_INVALID } from './signing-links.ts';
import { SIGNING_MAILS_PER_ADDRESS, SIGNING_MAILS_PER_SENDER } from './signing-mail-budget.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Sending Owner' });
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 3600 * 1000;
const ORDER_LOCKED = "The signing order can't change once someone has signed";

/** A contract of `who`, sent to both parties in parallel, with the link each was mailed. */
async function sentContract(who: SignedIn) {
  const body = payloads.contract();
  const doc = await generateVia(t.app, who, body);
  await sendVia(t.app, who, doc._id);
  return {
    id: doc._id,
    body,
    first: await mailedSigningToken(t.app, body.parties.primary.email),
    second: await mailedSigningToken(t.app, body.parties.secondary.email),
  };
}

/** The mail budget's rows: an address's for one document, or a sender's (kept under a hash of their id). */
const logRows = (hash: string, kind: string) =>
  t.app.ctx.db
    .selectFrom('address_mail_log')
    .select(['id', 'created_at'])
    .where('address_hash', '=', hash)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
const addressRows = (email: string, documentId: string) =>
  logRows(sha256(email), `document_signing:${documentId}`);
const senderRows = (who: SignedIn) => logRows(sha256(`sender:${who.user._id}`), 'document_signing_sent');

describe('what the signing routes answer', () => {
  it('no answer is cached; each outcome is told in its own words; the PDF is framed by our pages only', async () => {
    const doc = await sentContract(owner);
    const open = await t.app.inject({ method: 'GET', url: `/api/sign/${doc.first}` });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');
    expect(open.json()).toMatchObject({ success: true, message: 'Signing' });

    const pdf = await t.app.inject({ method: 'GET', url: `/api/sign/${doc.first}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers).toMatchObject({
      'cache-control': 'no-store',
      'content-type': 'application/pdf',
      'content-security-policy': "frame-ancestors 'self'",
      'x-frame-options': 'SAMEORIGIN',
      'content-disposition': `inline; filename="document-${doc.id}.pdf"; filename*=UTF-8''document-${doc.id}.pdf`,
      'content-length': String(pdf.rawPayload.length),
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const first = await signVia(t.app, doc.first, typed('Maya Beats'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({
      success: true,
      message: 'Signed. Thank you.',
      data: { status: 'signed' },
    });
    const last = await signVia(t.app, doc.second, typed('Jon Vocal'));
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toEqual({
      success: true,
      message: 'Signed. Everyone has signed: the final copy is on its way.',
      data: { status: 'completed' },
    });

    const other = await sentContract(owner);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/sign/${other.first}/reject`,
      payload: { reason: 'Wrong fee' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.headers['cache-control']).toBe('no-store');
    expect(declined.json()).toEqual({
      success: true,
      message: 'You declined to sign. The sender has been told.',
    });
    // A refused link is no-store too.
    const used = await t.app.inject({ method: 'GET', url: `/api/sign/${doc.first}/pdf` });
    expect(used.statusCode).toBe(404);
    expect(used.headers['cache-control']).toBe('no-store');
    expect(used.json().message).toBe(LINK_INVALID);
  });

  it("guesses of a PDF's link are counted against the guessing address only", async () => {
    const guess = (n: number, remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/sign/${'P'.repeat(40)}${String(n).padStart(3, '0')}/pdf`,
        remoteAddress,
      });
    const failuresOf = (ip: string) =>
      t.app.ctx.db
        .selectFrom('signing_link_failures')
        .select('created_at')
        .where('ip', '=', ip)
        .orderBy('created_at')
        .execute();
    const before = Date.now();
    for (let i = 0; i < FAILURES_MAX; i++) {
      const res = await guess(i, '192.0.2.77');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(LINK_INVALID);
    }
    const rows = await failuresOf('192.0.2.77');
    expect(rows).toHaveLength(FAILURES_MAX);
    const limited = await guess(FAILURES_MAX, '192.0.2.77');
    const after = Date.now();
    expect(limited.statusCode).toBe(429);
    // Free again when the oldest guess is 15 minutes old.
    const freeAt = Date.parse(rows[0]!.created_at) + 15 * 60 * 1000;
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(Math.ceil((freeAt - after) / 1000));
    expect(seconds).toBeLessThanOrEqual(Math.ceil((freeAt - before) / 1000));
    expect(limited.json().message).toBe(
      `Too many invalid signing links from this address. Try again in ${Math.ceil(seconds / 60)} minutes.`,
    );
    // Another address guesses on: its one failure is its own.
    const elsewhere = await guess(0, '192.0.2.78');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(LINK_INVALID);
    expect(await failuresOf('192.0.2.78')).toHaveLength(1);
    expect(await failuresOf('192.0.2.77')).toHaveLength(FAILURES_MAX);
  });
});

describe('places in the signing-mail budget', () => {
  it('a send refused after its places were taken gives them back: the address still gets its 3 mails', async () => {
    const who = await registerUser(t.app);
    const doc = await sentContract(who);
    expect((await signVia(t.app, doc.first, typed('Maya Beats'))).statusCode).toBe(200);
    const secondary = doc.body.parties.secondary.email;
    const addressBefore = await addressRows(secondary, doc.id);
    const senderBefore = await senderRows(who);
    expect(addressBefore).toHaveLength(1);
    expect(senderBefore).toHaveLength(2);

    // Only the secondary party waits, so one place is taken, then the change of order is refused.
    for (let i = 0; i < SIGNING_MAILS_PER_ADDRESS; i++) {
      const refused = await request(t.app, 'POST', `/api/documents/${doc.id}/send`, who, {
        signingOrder: 'sequential',
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(ORDER_LOCKED);
    }
    expect(await addressRows(secondary, doc.id)).toEqual(addressBefore);
    expect(await senderRows(who)).toEqual(senderBefore);
    expect(await mailsTo(t.app, secondary, 'document_signing')).toHaveLength(1);
    // The link mailed first still works: the refused sends replaced nothing.
    expect((await t.app.inject({ method: 'GET', url: `/api/sign/${doc.second}` })).statusCode).toBe(200);

    for (let i = 1; i < SIGNING_MAILS_PER_ADDRESS; i++)
      expect((await request(t.app, 'POST', `/api/documents/${doc.id}/send`, who, {})).statusCode).toBe(200);
    const over = await request(t.app, 'POST', `/api/documents/${doc.id}/send`, who, {});
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(
      `${secondary} has been sent the signing link for this document ${SIGNING_MAILS_PER_ADDRESS} times today. Try again in 24 hours.`,
    );
    expect(await mailsTo(t.app, secondary, 'document_signing')).toHaveLength(SIGNING_MAILS_PER_ADDRESS);
  });

  it('a refused send with nobody left to mail takes and gives back nothing', async () => {
    // Every party has signed while the document still reads as sent (written so directly): no one waits.
    const who = await registerUser(t.app);
    const doc = await sentContract(who);
    await t.app.ctx.db
      .updateTable('document_signers')
      .set({
        signed_at: new Date().toISOString(),
        status: 'signed',
        token_hash: null,
        token_expires_at: null,
      })
      .where('document_id', '=', doc.id)
      .execute();
    const senderBefore = await senderRows(who);
    const refused = await request(t.app, 'POST', `/api/documents/${doc.id}/send`, who, {
      signingOrder: 'sequential',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(ORDER_LOCKED);
    expect(await senderRows(who)).toEqual(senderBefore);
  });

  it(`the sender's ${SIGNING_MAILS_PER_SENDER}th mail goes out; past it the 429 says when enough places free up`, async () => {
    const who = await registerUser(t.app);
    // The day's earlier mails, oldest first: four at set times, then the rest 12.5 hours ago.
    const nowMs = Date.now();
    const agesInHours = [20.5, 18.5, 16.5, 14.5];
    const earlier = Array.from({ length: SIGNING_MAILS_PER_SENDER - 2 }, (_, i) => ({
      id: newId(),
      address_hash: sha256(`sender:${who.user._id}`),
      kind: 'document_signing_sent',
      created_at: new Date(nowMs - (agesInHours[i] ?? 12.5) * HOUR_MS).toISOString(),
    }));
    await t.app.ctx.db.insertInto('address_mail_log').values(earlier).execute();

    // Two parties: exactly the day's last two places.
    const atLimit = payloads.contract();
    const fits = await generateVia(t.app, who, atLimit);
    expect((await request(t.app, 'POST', `/api/documents/${fits._id}/send`, who, {})).statusCode).toBe(200);
    expect(await senderRows(who)).toHaveLength(SIGNING_MAILS_PER_SENDER);
    for (const party of [atLimit.parties.primary, atLimit.parties.secondary])
      expect(await mailsTo(t.app, party.email, 'document_signing')).toHaveLength(1);

    // Two more need the two oldest to leave the day: the second oldest does 5.5 hours from now.
    const body = payloads.contract();
    const over = await generateVia(t.app, who, body);
    const before = Date.now();
    const refused = await request(t.app, 'POST', `/api/documents/${over._id}/send`, who, {});
    const after = Date.now();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(refused.json().message).toBe(
      `You can send at most ${SIGNING_MAILS_PER_SENDER} signing emails a day. Try again in 6 hours.`,
    );
    const freeAt = nowMs - 18.5 * HOUR_MS + 24 * HOUR_MS;
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(Math.ceil((freeAt - after) / 1000));
    expect(seconds).toBeLessThanOrEqual(Math.ceil((freeAt - before) / 1000));
    // Refused whole: nothing mailed, no place taken, the document still a draft.
    expect(await senderRows(who)).toHaveLength(SIGNING_MAILS_PER_SENDER);
    for (const party of [body.parties.primary, body.parties.secondary]) {
      expect(await mailsTo(t.app, party.email, 'document_signing')).toHaveLength(0);
      expect(await addressRows(party.email, over._id)).toHaveLength(0);
    }
    const still = await request(t.app, 'GET', `/api/documents/${over._id}`, who);
    expect(still.json().data.document.status).toBe('generated');
  });
});
