// A document deleted while a send, a Sign action or a payment is on its way: each checks the document again
// inside its transaction, under the row lock on PostgreSQL, and answers a plain 404 instead of writing links,
// mails or a payment for a document that is gone. And a resend that finishes a document whose completion
// failed answers with the whole document.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerUser,
  type SignedIn,
  TEST_DIALECT,
  type TestApp,
} from '../../../test/helper.ts';
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
import { GENERATED_P12 } from './seal/signing-key.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Race Owner' });
});
afterAll(async () => {
  await t.close();
});

const documentCount = async (id: string) =>
  (await t.app.ctx.db.selectFrom('documents').select('id').where('id', '=', id).execute()).length;

/** Until some statement waits for a row lock of the documents table (PostgreSQL; SQLite has one writer). */
async function someoneWaitsForTheDocument(): Promise<void> {
  if (TEST_DIALECT !== 'postgres') return;
  await expect
    .poll(
      async () => {
        const rows = await t.app.ctx.db
          .selectFrom('pg_stat_activity' as never)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('wait_event_type' as never, '=', 'Lock' as never)
          .where('query' as never, 'ilike', '%documents%' as never)
          .executeTakeFirstOrThrow();
        return Number(rows.n);
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
}

/**
 * Holds the document's row (PostgreSQL: FOR UPDATE; SQLite: the one connection), starts `act`, waits until
 * it waits for the document (or has answered), then deletes the document and lets go: `act`'s answer.
 */
async function deletedMeanwhile(id: string, act: () => Promise<LightMyRequestResponse>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding!: () => void;
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const holder = t.app.ctx.db.transaction().execute(async (trx) => {
    const row = trx.selectFrom('documents').select('id').where('id', '=', id);
    await (TEST_DIALECT === 'postgres' ? row.forUpdate() : row).executeTakeFirstOrThrow();
    holding();
    await gate;
    await trx.deleteFrom('documents').where('id', '=', id).execute();
  });
  await held;
  const answer = act();
  await Promise.race([someoneWaitsForTheDocument(), answer]);
  release();
  await holder;
  return answer;
}

const expectGone = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({
    success: false,
    message: 'Document not found',
    error: { code: 'NOT_FOUND' },
  });
};

describe('a document deleted while an action on it waits', () => {
  it('a send answers 404 and mails no one', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    expectGone(
      await deletedMeanwhile(doc._id, () =>
        request(t.app, 'POST', `/api/documents/${doc._id}/send`, owner, {}),
      ),
    );
    expect(await mailsTo(t.app, body.parties.primary.email, 'document_signing')).toEqual([]);
    expect(await mailsTo(t.app, body.parties.secondary.email, 'document_signing')).toEqual([]);
  });

  it('the Sign action answers 404 and makes no link', async () => {
    const body = payloads.contract();
    body.parties.primary.email = owner.user.email;
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    expectGone(
      await deletedMeanwhile(doc._id, () =>
        request(t.app, 'POST', `/api/documents/${doc._id}/sign-link`, owner),
      ),
    );
    expect(await documentCount(doc._id)).toBe(0);
  });

  it('marking it paid answers 404', async () => {
    const doc = await generateVia(t.app, owner, payloads.invoice());
    await sendVia(t.app, owner, doc._id);
    expectGone(
      await deletedMeanwhile(doc._id, () =>
        request(t.app, 'POST', `/api/documents/${doc._id}/mark-paid`, owner, { paidAt: '2026-01-05' }),
      ),
    );
    expect(await documentCount(doc._id)).toBe(0);
  });

  it('deleted after the send took its mail places: 404, nothing mailed, the places given back', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    // The deletion lands right after the places are written: a trigger on the mail budget's table.
    if (TEST_DIALECT === 'postgres') {
      await sql
        .raw(
          `create function drop_document_on_reserve() returns trigger language plpgsql as $$
           begin delete from documents where id = '${doc._id}'; return new; end $$`,
        )
        .execute(t.app.ctx.db);
      await sql
        .raw(
          `create trigger drop_document_on_reserve after insert on address_mail_log
           for each row execute function drop_document_on_reserve()`,
        )
        .execute(t.app.ctx.db);
    } else {
      await sql
        .raw(
          `create trigger drop_document_on_reserve after insert on address_mail_log
           begin delete from documents where id = '${doc._id}'; end`,
        )
        .execute(t.app.ctx.db);
    }
    try {
      expectGone(await request(t.app, 'POST', `/api/documents/${doc._id}/send`, owner, {}));
    } finally {
      const drop =
        TEST_DIALECT === 'postgres'
          ? 'drop trigger drop_document_on_reserve on address_mail_log'
          : 'drop trigger drop_document_on_reserve';
      await sql.raw(drop).execute(t.app.ctx.db);
    }
    expect(await documentCount(doc._id)).toBe(0);
    expect(await mailsTo(t.app, body.parties.primary.email, 'document_signing')).toEqual([]);
    const places = await t.app.ctx.db
      .selectFrom('address_mail_log')
      .select('id')
      .where('kind', '=', `document_signing:${doc._id}`)
      .execute();
    expect(places).toEqual([]);
  });
});

describe('a resend that finishes a document whose completion failed', () => {
  it('answers the completed document with every party as signed', async () => {
    // An app of its own: the signing key is loaded once per app, and this one must not have it yet.
    const own = await createTestApp();
    try {
      const me = await registerUser(own.app, { name: 'Retry Owner' });
      const body = payloads.contract();
      const { primary, secondary } = body.parties;
      const doc = await generateVia(own.app, me, body);
      await sendVia(own.app, me, doc._id);
      await own.app.ctx.secrets.readOrCreate(GENERATED_P12, async () => Buffer.from('not a pkcs12 file'));
      for (const p of [primary, secondary])
        expect(
          (await signVia(own.app, await mailedSigningToken(own.app, p.email), typed(p.name))).statusCode,
        ).toBe(200);
      if (own.config.database.kind === 'postgres')
        await own.app.ctx.db.deleteFrom('instance_secrets').where('name', '=', GENERATED_P12).execute();
      else rmSync(path.join(own.config.dataDir, GENERATED_P12));
      const res = await request(own.app, 'POST', `/api/documents/${doc._id}/send`, me, {});
      expect(res.statusCode).toBe(200);
      const finished = res.json().data.document;
      expect(finished.status).toBe('completed');
      expect(finished.signers.map((s: { email: string; status: string }) => [s.email, s.status])).toEqual([
        [primary.email, 'signed'],
        [secondary.email, 'signed'],
      ]);
      expect(finished.signatures.map((s: { partyEmail: string }) => s.partyEmail)).toEqual([
        primary.email,
        secondary.email,
      ]);
    } finally {
      await own.close();
    }
  });
});
