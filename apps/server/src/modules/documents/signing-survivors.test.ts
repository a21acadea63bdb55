// The signing group's survivors of its second mutation run (2026-11-27) that a test can tell apart: a link
// whose document goes between the look-up of its signer and of the document, a link at the very millisecond
// it expires, the sender's 429 when some places are left but too few, and the PDF route as the OpenAPI
// document describes it. A deleted account's documents are account/delete-account-documents-edges.test.ts's.
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import type { DB } from '../../db/schema.ts';
import { newId, sha256 } from '../../platform/ids.ts';
import { generateVia, mailedSigningToken, mailsTo, payloads, request, sendVia } from './documents-testing.ts';
import { LINK_INVALID } from './signing-links.ts';
import { SIGNING_MAILS_PER_SENDER } from './signing-mail-budget.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Survivor Owner' });
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 3600 * 1000;

/** A contract of `who`, sent to both parties in parallel: its id, its parties and the link each was mailed. */
async function sentContract(who = owner) {
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

const open = (token: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/api/sign/${token}`, remoteAddress });

const expectLinkInvalid = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toMatchObject({ success: false, message: LINK_INVALID, error: { code: 'NOT_FOUND' } });
};

const failuresOf = (ip: string) =>
  t.app.ctx.db.selectFrom('signing_link_failures').select('ip').where('ip', '=', ip).execute();

/**
 * Runs `act` with the app's database handle wrapped so that the first read of `documents` made through it
 * runs `before` first, then reads: what a request sees when something lands between its earlier reads and
 * that one (on SQLite the one connection serves other requests between a request's statements too).
 */
async function beforeDocumentRead(before: () => Promise<void>, act: () => Promise<LightMyRequestResponse>) {
  const ctx = t.app.ctx;
  const real = ctx.db;
  let armed = true;
  const delayed = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (prop === 'executeTakeFirst')
          return async (...args: unknown[]) => {
            await before();
            return value.apply(target, args);
          };
        return (...args: unknown[]) => {
          const out = value.apply(target, args);
          return typeof out === 'object' && out !== null && 'executeTakeFirst' in out ? delayed(out) : out;
        };
      },
    });
  ctx.db = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== 'selectFrom') return typeof value === 'function' ? value.bind(target) : value;
      return (table: 'documents') => {
        const query = target.selectFrom(table);
        if (table !== 'documents' || !armed) return query;
        armed = false;
        return delayed(query);
      };
    },
  }) as Kysely<DB>;
  try {
    return await act();
  } finally {
    ctx.db = real;
  }
}

describe('a link looked up while its document goes', () => {
  it('its signer found, its document deleted before it is read: 404 "invalid", counted as a failure', async () => {
    const doc = await sentContract();
    const address = '192.0.2.141';
    const res = await beforeDocumentRead(
      async () => {
        await t.app.ctx.db.deleteFrom('documents').where('id', '=', doc.id).execute();
      },
      () => open(doc.first, address),
    );
    expectLinkInvalid(res);
    expect(res.headers['cache-control']).toBe('no-store');
    // The look-up was a failure like any other; the document and its parties are gone.
    expect(await failuresOf(address)).toEqual([{ ip: address }]);
    expect(
      await t.app.ctx.db
        .selectFrom('document_signers')
        .select('id')
        .where('document_id', '=', doc.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('the moment a link expires', () => {
  it('a link expiring at this very millisecond is dead; one expiring a millisecond later opens', async () => {
    const doc = await sentContract();
    const nowMs = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: nowMs });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const expiring = (email: string, atMs: number) =>
      t.app.ctx.db
        .updateTable('document_signers')
        .set({ token_expires_at: new Date(atMs).toISOString() })
        .where('document_id', '=', doc.id)
        .where('email', '=', email)
        .execute();
    await expiring(doc.body.parties.primary.email, nowMs);
    await expiring(doc.body.parties.secondary.email, nowMs + 1);

    const address = '192.0.2.142';
    expectLinkInvalid(await open(doc.first, address));
    expect(await failuresOf(address)).toEqual([{ ip: address }]);
    const live = await open(doc.second, address);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().data.signing).toMatchObject({
      signer: { email: doc.body.parties.secondary.email },
      expiresAt: new Date(nowMs + 1).toISOString(),
    });
    // A live link's try is given back.
    expect(await failuresOf(address)).toEqual([{ ip: address }]);
  });
});

describe("the sender's daily signing mails", () => {
  it('one place left and two parties to mail: the 429 says when the oldest mail leaves the day', async () => {
    const who = await registerUser(t.app);
    // The day's earlier mails, oldest first: four at set times, then the rest 12.5 hours ago; one place left.
    const nowMs = Date.now();
    const agesInHours = [20.5, 18.5, 16.5, 14.5];
    const earlier = Array.from({ length: SIGNING_MAILS_PER_SENDER - 1 }, (_, i) => ({
      id: newId(),
      address_hash: sha256(`sender:${who.user._id}`),
      kind: 'document_signing_sent',
      created_at: new Date(nowMs - (agesInHours[i] ?? 12.5) * HOUR_MS).toISOString(),
    }));
    await t.app.ctx.db.insertInto('address_mail_log').values(earlier).execute();
    const senderRows = async () =>
      (
        await t.app.ctx.db
          .selectFrom('address_mail_log')
          .select('id')
          .where('address_hash', '=', sha256(`sender:${who.user._id}`))
          .execute()
      ).length;

    const body = payloads.contract();
    const doc = await generateVia(t.app, who, body);
    const before = Date.now();
    const refused = await request(t.app, 'POST', `/api/documents/${doc._id}/send`, who, {});
    const after = Date.now();
    expect(refused.statusCode, refused.body).toBe(429);
    // One more place is needed: the oldest mail (20.5 hours old) frees it 3.5 hours from now.
    expect(refused.json()).toMatchObject({
      success: false,
      message: `You can send at most ${SIGNING_MAILS_PER_SENDER} signing emails a day. Try again in 4 hours.`,
      error: { code: 'RATE_LIMITED' },
    });
    const freeAt = nowMs - 20.5 * HOUR_MS + 24 * HOUR_MS;
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(Math.ceil((freeAt - after) / 1000));
    expect(seconds).toBeLessThanOrEqual(Math.ceil((freeAt - before) / 1000));
    // Refused whole: the one place is not taken, nobody is mailed.
    expect(await senderRows()).toBe(SIGNING_MAILS_PER_SENDER - 1);
    for (const party of [body.parties.primary, body.parties.secondary])
      expect(await mailsTo(t.app, party.email, 'document_signing')).toEqual([]);
  });
});

describe("the signing PDF's route in the OpenAPI document", () => {
  it('answers a PDF, as binary', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const operation = res.json().paths['/api/sign/{token}/pdf'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['application/pdf']);
    expect(operation.responses['200'].content['application/pdf'].schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });
});
