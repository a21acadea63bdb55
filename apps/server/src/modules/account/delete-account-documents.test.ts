// Deleting an account that made documents (issue #31): every document goes, in every status, with its stored
// PDFs and its signing links; a party who opens a link afterwards is told the document is no longer
// available (a 404 in words, never a 500). Another person's documents and links are untouched.
import { DOCUMENT_STATUSES } from '@mixdesk/contract/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import {
  generateVia,
  mailedSigningToken,
  payloads,
  request,
  sendVia,
  signVia,
  storedPdfKeys,
  typed,
} from '../documents/documents-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const GONE = 'This document is no longer available: its sender deleted it';

type Parties = ReturnType<typeof payloads.contract>['parties'];

interface Made {
  id: string;
  status: string;
  /** Links that worked when the account was deleted, and links already used or dead then. */
  live: string[];
  dead: string[];
}

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
};

/** A document of `who` in each status the documents module knows, with the links its parties were mailed. */
async function documentsInEveryStatus(who: SignedIn): Promise<Made[]> {
  const made: Made[] = [];
  const out = async (body: Record<string, unknown> & { parties: Parties }) => {
    const doc = await generateVia(t.app, who, body);
    await sendVia(t.app, who, doc._id);
    const first = await mailedSigningToken(t.app, body.parties.primary.email);
    const second = await mailedSigningToken(t.app, body.parties.secondary.email);
    return { id: doc._id, first, second };
  };
  const generated = await generateVia(t.app, who, payloads.contract());
  made.push({ id: generated._id, status: 'generated', live: [], dead: [] });

  const sent = await out(payloads.contract());
  made.push({ id: sent.id, status: 'sent', live: [sent.first, sent.second], dead: [] });

  const viewed = await out(payloads.contract());
  await ok(t.app.inject({ method: 'GET', url: `/api/sign/${viewed.first}` }));
  made.push({ id: viewed.id, status: 'viewed', live: [viewed.first, viewed.second], dead: [] });

  const signed = await out(payloads.contract());
  await ok(signVia(t.app, signed.first, typed('Maya Beats')));
  made.push({ id: signed.id, status: 'signed', live: [signed.second], dead: [signed.first] });

  const completed = await out(payloads.contract());
  await ok(signVia(t.app, completed.first, typed('Maya Beats')));
  await ok(signVia(t.app, completed.second, typed('Jon Vocal')));
  made.push({ id: completed.id, status: 'completed', live: [], dead: [completed.first, completed.second] });

  const rejected = await out(payloads.contract());
  await ok(
    t.app.inject({ method: 'POST', url: `/api/sign/${rejected.first}/reject`, payload: { reason: 'No' } }),
  );
  made.push({ id: rejected.id, status: 'rejected', live: [], dead: [rejected.first, rejected.second] });

  const voided = await out(payloads.contract());
  await ok(request(t.app, 'POST', `/api/documents/${voided.id}/void`, who));
  made.push({ id: voided.id, status: 'voided', live: [], dead: [voided.first, voided.second] });

  const paid = await out(payloads.invoice());
  await ok(request(t.app, 'POST', `/api/documents/${paid.id}/mark-paid`, who, { paidAt: '2026-01-05' }));
  made.push({ id: paid.id, status: 'paid', live: [], dead: [paid.first, paid.second] });
  return made;
}

async function rowsOf(ids: string[]) {
  const db = t.app.ctx.db;
  return {
    documents: await db.selectFrom('documents').select('id').where('id', 'in', ids).execute(),
    signers: await db.selectFrom('document_signers').select('id').where('document_id', 'in', ids).execute(),
    events: await db.selectFrom('document_events').select('id').where('document_id', 'in', ids).execute(),
    files: await db.selectFrom('document_files').select('sha256').where('document_id', 'in', ids).execute(),
  };
}

/** Every way a party uses a link, from an address of its own (dead links count against an address). */
async function useLink(token: string, remoteAddress: string) {
  return [
    await t.app.inject({ method: 'GET', url: `/api/sign/${token}`, remoteAddress }),
    await t.app.inject({ method: 'GET', url: `/api/sign/${token}/pdf`, remoteAddress }),
    await t.app.inject({ method: 'POST', url: `/api/sign/${token}`, remoteAddress, payload: typed('Late') }),
    await t.app.inject({
      method: 'POST',
      url: `/api/sign/${token}/reject`,
      remoteAddress,
      payload: { reason: 'Late' },
    }),
  ];
}

describe('deleting an account with documents', () => {
  it('removes its documents in every status, their stored PDFs and their signing links', async () => {
    const who = await registerUser(t.app, { name: 'Leaving Producer' });
    const other = await registerUser(t.app, { name: 'Staying Producer' });
    const made = await documentsInEveryStatus(who);
    // Every status the documents module has is covered, each as the module itself reports it.
    expect(made.map((m) => m.status).sort()).toEqual([...DOCUMENT_STATUSES].sort());
    for (const m of made) {
      const res = await request(t.app, 'GET', `/api/documents/${m.id}`, who);
      expect(res.json().data.document.status, m.status).toBe(m.status);
    }
    const ids = made.map((m) => m.id);
    const keys = (await Promise.all(ids.map((id) => storedPdfKeys(t.app, id)))).flat();
    // Each document keeps at least its PDF; a completed one also the unsigned PDF its certificate names.
    expect(keys.length).toBeGreaterThanOrEqual(made.length + 1);
    const theirs = await generateVia(t.app, other, payloads.contract());
    await sendVia(t.app, other, theirs._id);
    const theirKeys = await storedPdfKeys(t.app, theirs._id);

    const res = await request(t.app, 'POST', '/api/account/delete', who, {
      email: who.user.email,
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await rowsOf(ids)).toEqual({ documents: [], signers: [], events: [], files: [] });
    for (const id of ids) expect(await storedPdfKeys(t.app, id)).toEqual([]);
    for (const key of keys) expect(await t.app.ctx.storage.stat(key)).toBeNull();

    let address = 0;
    for (const m of made) {
      for (const token of m.live)
        for (const answer of await useLink(token, `198.51.100.${++address}`)) {
          expect(answer.statusCode, `${m.status}: ${answer.body}`).toBe(404);
          expect(answer.json().message).toBe(GONE);
        }
      for (const token of m.dead)
        for (const answer of await useLink(token, `198.51.100.${++address}`))
          expect(answer.statusCode, `${m.status}: ${answer.body}`).toBe(404);
    }

    // The other account's document, its PDF and its links are as they were.
    expect((await rowsOf([theirs._id])).documents).toHaveLength(1);
    expect(await storedPdfKeys(t.app, theirs._id)).toEqual(theirKeys);
    const link = await mailedSigningToken(t.app, theirs.parties.primary.email);
    expect((await t.app.inject({ method: 'GET', url: `/api/sign/${link}` })).statusCode).toBe(200);
  });
});
