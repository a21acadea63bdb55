// Signing mails go to addresses the owner typed (issue #31): 40 resends in a second put 41 signing mails in one
// stranger's inbox. Now an address gets at most 3 signing mails per document a day and a sender sends at most
// 100 a day, each tested at the limit and one over, and under a burst; a refused send replaces no link and
// mails no one. Every route that renders a PDF is under the render limit (PUT rendered 70 times in 11 s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { generateVia, mailedSigningToken, mailsTo, payloads, request } from './documents-testing.ts';
import { SIGNING_MAILS_PER_ADDRESS, SIGNING_MAILS_PER_SENDER } from './signing-mail-budget.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = (who: SignedIn, id: string) => request(t.app, 'POST', `/api/documents/${id}/send`, who, {});

describe('signing mails to one address, per document', () => {
  it(`${SIGNING_MAILS_PER_ADDRESS} sends a day; the next is a 429 that says when, and keeps the last link alive`, async () => {
    const owner = await registerUser(t.app);
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    for (let i = 0; i < SIGNING_MAILS_PER_ADDRESS; i++)
      expect((await send(owner, doc._id)).statusCode).toBe(200);
    const live = await mailedSigningToken(t.app, body.parties.primary.email);

    const refused = await send(owner, doc._id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(refused.json().message).toBe(
      `${body.parties.primary.email} has been sent the signing link for this document ${SIGNING_MAILS_PER_ADDRESS} times today. Try again in 24 hours.`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
    expect(await mailsTo(t.app, body.parties.primary.email, 'document_signing')).toHaveLength(
      SIGNING_MAILS_PER_ADDRESS,
    );
    // The refused send changed nothing: the link mailed last still opens the document.
    expect((await t.app.inject({ method: 'GET', url: `/api/sign/${live}` })).statusCode).toBe(200);

    // Another document to the same address has a budget of its own.
    const other = await generateVia(t.app, owner, payloads.contract({ parties: body.parties }));
    expect((await send(owner, other._id)).statusCode).toBe(200);
  });

  it('40 resends at once: 3 sent, 37 refused, 3 mails to each party', async () => {
    const owner = await registerUser(t.app);
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    const responses = await Promise.all(Array.from({ length: 40 }, () => send(owner, doc._id)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(SIGNING_MAILS_PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - SIGNING_MAILS_PER_ADDRESS);
    for (const party of [body.parties.primary, body.parties.secondary])
      expect(await mailsTo(t.app, party.email, 'document_signing')).toHaveLength(SIGNING_MAILS_PER_ADDRESS);
  });
});

describe('signing mails per sender', () => {
  it(`${SIGNING_MAILS_PER_SENDER} a day go out; the send that would pass it is refused whole`, async () => {
    // A sender of their own: documents of two parties each, so 50 sends are the day's 100 mails.
    const owner = await registerUser(t.app);
    const own = await createTestApp({ rateLimits: { render: 1_000 } });
    try {
      const sender = await registerUser(own.app);
      const sendOwn = (id: string) => request(own.app, 'POST', `/api/documents/${id}/send`, sender, {});
      for (let i = 0; i < SIGNING_MAILS_PER_SENDER / 2; i++) {
        const doc = await generateVia(own.app, sender, payloads.contract());
        const res = await sendOwn(doc._id);
        expect(res.statusCode, `send ${i + 1}`).toBe(200);
      }
      const body = payloads.contract();
      const over = await generateVia(own.app, sender, body);
      const refused = await sendOwn(over._id);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        `You can send at most ${SIGNING_MAILS_PER_SENDER} signing emails a day. Try again in 24 hours.`,
      );
      const after = await request(own.app, 'GET', `/api/documents/${over._id}`, sender);
      expect(after.json().data.document.status).toBe('generated');
      expect(await mailsTo(own.app, body.parties.primary.email, 'document_signing')).toHaveLength(0);
      // Someone else's budget is untouched.
      expect(owner.user._id).not.toBe(sender.user._id);
      const theirs = await generateVia(t.app, owner, payloads.contract());
      expect((await send(owner, theirs._id)).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('every route that renders a PDF is under the render limit', () => {
  it('an edit renders a new revision: the limit counts it with generation', async () => {
    const own = await createTestApp({ rateLimits: { render: 3 } });
    try {
      const owner = await registerUser(own.app);
      const body = payloads.contract();
      const doc = await generateVia(own.app, owner, body);
      const edit = (title: string) =>
        request(own.app, 'PUT', `/api/documents/${doc._id}`, owner, { ...body, title });
      expect((await edit('Second draft')).statusCode).toBe(200);
      expect((await edit('Third draft')).statusCode).toBe(200);
      const refused = await edit('Fourth draft');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many documents generated in a short time\. Try again in/);
      const stored = await request(own.app, 'GET', `/api/documents/${doc._id}`, owner);
      expect(stored.json().data.document.title).toBe('Third draft');
    } finally {
      await own.close();
    }
  });
});
