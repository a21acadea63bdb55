// A signing link is looked up, then the signature or decline is written in a transaction that reads the
// signer and the document again (under row locks on PostgreSQL). What lands in between must be honoured:
// a link replaced by a resend, an invoice marked paid. The change is made at the exact moment by a trigger on
// the look-up's giving back of its try (signing-links.ts), or by holding the document's row while the request
// waits for it.
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
import { LINK_INVALID } from './signing-links.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Meanwhile Owner' });
});
afterAll(async () => {
  await t.close();
});

/** An invoice sent to both parties: its id, its parties and their links. */
async function sentInvoice() {
  const body = payloads.invoice();
  const doc = await generateVia(t.app, owner, body);
  await sendVia(t.app, owner, doc._id);
  const { primary, secondary } = body.parties;
  return {
    id: doc._id,
    primary: { ...primary, token: await mailedSigningToken(t.app, primary.email) },
    secondary: { ...secondary, token: await mailedSigningToken(t.app, secondary.email) },
  };
}

/** Every row about the document that a signature or a decline would change. */
async function stateOf(id: string) {
  const db = t.app.ctx.db;
  return {
    document: await db
      .selectFrom('documents')
      .select(['status', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    signers: await db
      .selectFrom('document_signers')
      .selectAll()
      .where('document_id', '=', id)
      .orderBy('position')
      .execute(),
    events: (
      await db.selectFrom('document_events').select('type').where('document_id', '=', id).execute()
    ).map((e) => e.type),
  };
}

/**
 * Runs `act` with `statement` run the moment its link look-up succeeds: a trigger on the deletion of the
 * look-up's reserved try, which comes after the link was found live and before the transaction.
 */
async function meanwhile(statement: string, act: () => Promise<LightMyRequestResponse>) {
  const db = t.app.ctx.db;
  if (TEST_DIALECT === 'postgres') {
    await sql
      .raw(
        `create function signing_edges_meanwhile() returns trigger language plpgsql as $$
         begin ${statement}; return old; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger signing_edges_meanwhile after delete on signing_link_failures
         for each row execute function signing_edges_meanwhile()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger signing_edges_meanwhile after delete on signing_link_failures
         begin ${statement}; end`,
      )
      .execute(db);
  }
  try {
    return await act();
  } finally {
    if (TEST_DIALECT === 'postgres') {
      await sql.raw('drop trigger signing_edges_meanwhile on signing_link_failures').execute(db);
      await sql.raw('drop function signing_edges_meanwhile()').execute(db);
    } else {
      await sql.raw('drop trigger signing_edges_meanwhile').execute(db);
    }
  }
}

const signerId = async (id: string, email: string) =>
  (
    await t.app.ctx.db
      .selectFrom('document_signers')
      .select('id')
      .where('document_id', '=', id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;

/** What a resend does to a link: another one replaces it. */
const replaceLink = (signer: string) =>
  `update document_signers set token_hash = 'replaced-' || id where id = '${signer}'`;
const markPaid = (id: string) =>
  `update documents set status = 'paid', paid_at = '2026-01-05' where id = '${id}'`;

const decline = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/sign/${token}/reject`, payload: { reason: 'Wrong rate' } });

const expectLinkInvalid = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toMatchObject({ success: false, message: LINK_INVALID, error: { code: 'NOT_FOUND' } });
};

const CANNOT_DECLINE = 'This document can no longer be declined';
const expectCannotDecline = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ success: false, message: CANNOT_DECLINE, error: { code: 'CONFLICT' } });
};

describe('a link replaced between its look-up and the write', () => {
  it('a signature answers 404 and records nothing', async () => {
    const doc = await sentInvoice();
    const me = await signerId(doc.id, doc.primary.email);
    const before = await stateOf(doc.id);
    const res = await meanwhile(replaceLink(me), () => signVia(t.app, doc.primary.token, typed('Maya')));
    expectLinkInvalid(res);
    const after = await stateOf(doc.id);
    expect(after.document).toEqual(before.document);
    expect(after.events).toEqual(['created', 'sent']);
    expect(after.signers[0]).toEqual({ ...before.signers[0], token_hash: `replaced-${me}` });
    expect(after.signers[0]).toMatchObject({
      status: 'sent',
      signed_at: null,
      viewed_at: null,
      signature: null,
    });
    expect(after.signers[1]).toEqual(before.signers[1]);
  });

  it('a decline answers 404, changes nothing and mails no one', async () => {
    const doc = await sentInvoice();
    const me = await signerId(doc.id, doc.primary.email);
    const before = await stateOf(doc.id);
    const declined = await mailsTo(t.app, owner.user.email, 'document_declined');
    expectLinkInvalid(await meanwhile(replaceLink(me), () => decline(doc.primary.token)));
    const after = await stateOf(doc.id);
    expect(after.document).toEqual(before.document);
    expect(after.events).toEqual(['created', 'sent']);
    expect(after.signers[0]).toEqual({ ...before.signers[0], token_hash: `replaced-${me}` });
    expect(after.signers[0]).toMatchObject({ status: 'sent', rejected_at: null, reject_reason: null });
    // The other party's link lives on.
    expect(after.signers[1]).toEqual(before.signers[1]);
    expect(after.signers[1]!.token_hash).not.toBeNull();
    expect(await mailsTo(t.app, owner.user.email, 'document_declined')).toEqual(declined);
  });
});

describe('an invoice marked paid between the look-up and the write', () => {
  it('a signature answers 404 and records nothing', async () => {
    const doc = await sentInvoice();
    const before = await stateOf(doc.id);
    expectLinkInvalid(
      await meanwhile(markPaid(doc.id), () => signVia(t.app, doc.primary.token, typed('Maya'))),
    );
    const after = await stateOf(doc.id);
    expect(after.document.status).toBe('paid');
    expect(after.signers).toEqual(before.signers);
    expect(after.events).toEqual(['created', 'sent']);
  });

  it('a decline answers 409 "can no longer be declined", changes nothing and mails no one', async () => {
    const doc = await sentInvoice();
    const before = await stateOf(doc.id);
    const declined = await mailsTo(t.app, owner.user.email, 'document_declined');
    expectCannotDecline(await meanwhile(markPaid(doc.id), () => decline(doc.secondary.token)));
    const after = await stateOf(doc.id);
    expect(after.document).toEqual({ ...before.document, status: 'paid' });
    expect(after.signers).toEqual(before.signers);
    expect(after.events).toEqual(['created', 'sent']);
    expect(await mailsTo(t.app, owner.user.email, 'document_declined')).toEqual(declined);
  });
});

/**
 * Holds the document's row (PostgreSQL: FOR UPDATE; SQLite: the one connection), starts `act`, waits until it
 * waits for that row (or has answered), then marks the invoice paid and lets go: `act`'s answer. On
 * PostgreSQL the request found its link live and waits inside its transaction; on SQLite it cannot start
 * before the payment is written.
 */
async function paidWhileItWaits(id: string, act: () => Promise<LightMyRequestResponse>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding!: (pid: number) => void;
  const held = new Promise<number>((resolve) => {
    holding = resolve;
  });
  const holder = t.app.ctx.db.transaction().execute(async (trx) => {
    const row = trx.selectFrom('documents').select('id').where('id', '=', id);
    await (TEST_DIALECT === 'postgres' ? row.forUpdate() : row).executeTakeFirstOrThrow();
    const pid =
      TEST_DIALECT === 'postgres'
        ? (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid
        : 0;
    holding(pid);
    await gate;
    await sql.raw(markPaid(id)).execute(trx);
  });
  const pid = await held;
  const answer = act();
  if (TEST_DIALECT === 'postgres') {
    const blocked = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from pg_stat_activity
            where ${pid} = any(pg_blocking_pids(pid))`.execute(t.app.ctx.db)
        ).rows[0]!.n,
      );
    let answered = false;
    void answer.then(() => {
      answered = true;
    });
    await expect.poll(async () => answered || (await blocked()) > 0, { timeout: 10_000 }).toBe(true);
  }
  release();
  await holder;
  return answer;
}

describe('an invoice marked paid while the request waits for the document (PostgreSQL: its row lock)', () => {
  it('a signature answers 404 and the invoice stays paid, unsigned', async () => {
    const doc = await sentInvoice();
    const before = await stateOf(doc.id);
    expectLinkInvalid(await paidWhileItWaits(doc.id, () => signVia(t.app, doc.primary.token, typed('Maya'))));
    const after = await stateOf(doc.id);
    expect(after.document.status).toBe('paid');
    expect(after.signers).toEqual(before.signers);
    expect(after.events).toEqual(['created', 'sent']);
  });

  it('a decline is refused and the invoice stays paid, not declined', async () => {
    const doc = await sentInvoice();
    const before = await stateOf(doc.id);
    const res = await paidWhileItWaits(doc.id, () => decline(doc.secondary.token));
    // PostgreSQL: the link was live when looked up, the document is paid when locked. SQLite: the look-up
    // itself waited for the payment, and finds the link dead.
    if (TEST_DIALECT === 'postgres') expectCannotDecline(res);
    else expectLinkInvalid(res);
    const after = await stateOf(doc.id);
    expect(after.document.status).toBe('paid');
    expect(after.signers).toEqual(before.signers);
    expect(after.events).toEqual(['created', 'sent']);
    expect((await request(t.app, 'GET', `/api/documents/${doc.id}`, owner)).json().data.document.status).toBe(
      'paid',
    );
  });
});
