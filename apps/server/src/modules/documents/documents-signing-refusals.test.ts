// What ends or refuses a signing link: a decline, a void or an edit, bad signatures, expiry and guessing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  documentsSnapshot,
  generateVia,
  mailedSigningToken,
  mailsTo,
  payloads,
  request,
  sendVia,
  signVia,
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

describe('declining, voiding and bad links', () => {
  it('a party can decline with a reason: the document is rejected, every link dies, the owner is told', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    const first = await mailedSigningToken(t.app, body.parties.primary.email);
    const second = await mailedSigningToken(t.app, body.parties.secondary.email);
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/sign/${first}/reject`,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Say why you decline to sign');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sign/${first}/reject`,
      payload: { reason: 'The fee is wrong' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document.status,
    ).toBe('rejected');
    expect((await signVia(t.app, second, typed('Jon Vocal'))).statusCode).toBe(404);
    const notice = await mailsTo(t.app, owner.user.email, 'document_declined');
    expect(notice.some((m) => m.text_body.includes('The fee is wrong'))).toBe(true);
    // Fixed and sent again: new links work.
    const edited = await request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, {
      ...body,
      contractDetails: { ...body.contractDetails, budget: 15000 },
    });
    expect(edited.json().data.document.status).toBe('generated');
    await sendVia(t.app, owner, doc._id);
    expect(
      (await signVia(t.app, await mailedSigningToken(t.app, body.parties.primary.email), typed('Maya')))
        .statusCode,
    ).toBe(200);
  });

  it('voiding or editing kills the links already sent', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    const before = await mailedSigningToken(t.app, body.parties.primary.email);
    await request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, body);
    expect((await t.app.inject({ method: 'GET', url: `/api/sign/${before}` })).statusCode).toBe(404);
    await sendVia(t.app, owner, doc._id);
    const after = await mailedSigningToken(t.app, body.parties.primary.email);
    await request(t.app, 'POST', `/api/documents/${doc._id}/void`, owner);
    expect((await signVia(t.app, after, typed('Maya'))).statusCode).toBe(404);
  });

  it('refuses a signature without consent, a non-PNG drawing, one over 512 KB, and stores nothing', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    const token = await mailedSigningToken(t.app, body.parties.primary.email);
    const before = await documentsSnapshot(t.app);
    const big = `data:image/png;base64,${Buffer.concat([Buffer.from(TINY_PNG.split(',')[1]!, 'base64'), Buffer.alloc(600 * 1024)]).toString('base64')}`;
    const cases: Array<[unknown, number, string]> = [
      [{ signature: { kind: 'typed', value: 'Maya' } }, 400, 'You must agree to sign electronically'],
      [
        { signature: { kind: 'typed', value: 'Maya' }, consent: false },
        400,
        'You must agree to sign electronically',
      ],
      [{ signature: { kind: 'typed', value: '  ' }, consent: true }, 400, 'Type your name to sign'],
      [
        { signature: { kind: 'drawn', value: 'data:image/jpeg;base64,/9j/4AAQ' }, consent: true },
        400,
        'A drawn signature must be a PNG image',
      ],
      [
        {
          signature: {
            kind: 'drawn',
            value: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}`,
          },
          consent: true,
        },
        400,
        'must be a PNG image',
      ],
      [
        { signature: { kind: 'drawn', value: big }, consent: true },
        400,
        'A drawn signature must be at most 512 KB',
      ],
      [{ signature: { kind: 'stamp', value: 'x' }, consent: true }, 400, 'Signature must be'],
    ];
    const huge = await signVia(t.app, token, {
      signature: { kind: 'drawn', value: `${big}${'A'.repeat(1_200_000)}` },
      consent: true,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, message: 'The request body is too large.' });
    for (const [payload, status, message] of cases) {
      const res = await signVia(t.app, token, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().success).toBe(false);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(await documentsSnapshot(t.app)).toEqual(before);
    expect((await signVia(t.app, token, typed('Maya'))).statusCode).toBe(200);
  });

  it('an expired link is refused like an unknown one', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    const token = await mailedSigningToken(t.app, body.parties.primary.email);
    await t.app.ctx.db
      .updateTable('document_signers')
      .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('document_id', '=', doc._id)
      .execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/sign/${token}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This signing link is invalid or has expired');
  });

  it('guessing links is rate-limited per address', async () => {
    const guess = (i: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/sign/${'A'.repeat(40)}${String(i).padStart(3, '0')}`,
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 20; i++) expect((await guess(i)).statusCode).toBe(404);
    const limited = await guess(21);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    // Another address is not affected.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/sign/${'B'.repeat(43)}`,
          remoteAddress: '203.0.113.10',
        })
      ).statusCode,
    ).toBe(404);
  });
});
