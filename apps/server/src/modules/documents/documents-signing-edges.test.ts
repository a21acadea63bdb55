// What each step through a signing link leaves behind, exactly: the signer's row, the audit event and its
// details, the links and mails of the parties after them, the owner's notice of a decline, and the address a
// failed look-up is counted against. (Changes landing between the look-up and the write are in
// documents-signing-edges-2.test.ts.)
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
  TINY_PNG,
  typed,
} from './documents-testing.ts';
import { LINK_INVALID } from './signing-links.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Edge Owner' });
});
afterAll(async () => {
  await t.close();
});

/** Every signer row of a document, in signing order. */
const signerRows = (documentId: string) =>
  t.app.ctx.db
    .selectFrom('document_signers')
    .select([
      'id',
      'email',
      'status',
      'token_hash',
      'token_expires_at',
      'viewed_at',
      'signed_at',
      'rejected_at',
      'reject_reason',
    ])
    .where('document_id', '=', documentId)
    .orderBy('position')
    .execute();

type Event = { type: string; actor: { email: string } | null; ip: string | null; details: unknown };

const auditOf = async (who: SignedIn, documentId: string): Promise<Event[]> => {
  const res = await request(t.app, 'GET', `/api/documents/${documentId}/audit`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.events;
};

const statusOf = async (documentId: string) =>
  (await request(t.app, 'GET', `/api/documents/${documentId}`, owner)).json().data.document.status;

const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/sign/${token}` });

/** A contract sent to both parties in parallel: its id, its parties and the links they were mailed. */
async function sentContract(who = owner) {
  const body = payloads.contract();
  const doc = await generateVia(t.app, who, body);
  await sendVia(t.app, who, doc._id);
  const { primary, secondary } = body.parties;
  return {
    doc,
    primary: { ...primary, token: await mailedSigningToken(t.app, primary.email) },
    secondary: { ...secondary, token: await mailedSigningToken(t.app, secondary.email) },
  };
}

describe('opening a signing link', () => {
  it('the first opening records viewed once, with the signer; the page lists every party as they stand', async () => {
    const { doc, primary, secondary } = await sentContract();
    const first = await open(primary.token);
    expect(first.statusCode, first.body).toBe(200);
    const [mine, theirs] = await signerRows(doc._id);
    expect(mine).toMatchObject({ email: primary.email, status: 'viewed', signed_at: null });
    expect(mine!.viewed_at).not.toBeNull();
    expect(first.json().data.signing.document.signers).toEqual([
      {
        _id: mine!.id,
        role: 'primary',
        name: primary.name,
        email: primary.email,
        status: 'viewed',
        viewedAt: mine!.viewed_at,
        signedAt: null,
        rejectedAt: null,
      },
      {
        _id: theirs!.id,
        role: 'secondary',
        name: secondary.name,
        email: secondary.email,
        status: 'sent',
        viewedAt: null,
        signedAt: null,
        rejectedAt: null,
      },
    ]);
    expect(await statusOf(doc._id)).toBe('viewed');

    // Opened again: no second event, and the first time it was viewed stays.
    expect((await open(primary.token)).statusCode).toBe(200);
    expect((await signerRows(doc._id))[0]).toEqual(mine);
    const events = await auditOf(owner, doc._id);
    expect(events.map((e) => e.type)).toEqual(['created', 'sent', 'viewed']);
    expect(events[2]).toMatchObject({
      actor: { email: primary.email },
      ip: '127.0.0.1',
      details: { signer: mine!.id },
    });
    expect(events[2]!.details).toEqual({ signer: mine!.id });

    // The other party opens theirs once the first has signed: the document stays signed.
    expect((await signVia(t.app, primary.token, typed(primary.name))).statusCode).toBe(200);
    expect((await open(secondary.token)).statusCode).toBe(200);
    expect(await statusOf(doc._id)).toBe('signed');
    const after = await auditOf(owner, doc._id);
    expect(after.map((e) => e.type)).toEqual(['created', 'sent', 'viewed', 'signed', 'viewed']);
    expect(after[4]).toMatchObject({ actor: { email: secondary.email }, details: { signer: theirs!.id } });
    expect((await signerRows(doc._id))[1]).toMatchObject({ status: 'viewed', signed_at: null });
  });
});

describe('signing through a link', () => {
  it('keeps when the page was first viewed, counts a signer who never opened it as viewed when signing, and records the kind', async () => {
    const { doc, primary, secondary } = await sentContract();
    // The primary party signs without opening the page first.
    const signed = await signVia(t.app, primary.token, typed(primary.name));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data).toEqual({ status: 'signed' });
    const [mine] = await signerRows(doc._id);
    expect(mine).toMatchObject({
      status: 'signed',
      token_hash: null,
      token_expires_at: null,
      rejected_at: null,
    });
    expect(mine!.signed_at).not.toBeNull();
    expect(mine!.viewed_at).toBe(mine!.signed_at);

    // The secondary party opens it, then signs with a drawing: viewed stays the time of that opening.
    expect((await open(secondary.token)).statusCode).toBe(200);
    const viewedAt = (await signerRows(doc._id))[1]!.viewed_at;
    expect(viewedAt).not.toBeNull();
    const done = await signVia(t.app, secondary.token, {
      signature: { kind: 'drawn', value: TINY_PNG },
      consent: true,
    });
    expect(done.json().data).toEqual({ status: 'completed' });
    const theirs = (await signerRows(doc._id))[1]!;
    expect(theirs).toMatchObject({ status: 'signed', viewed_at: viewedAt, token_hash: null });
    expect(theirs.signed_at).not.toBeNull();

    const events = await auditOf(owner, doc._id);
    expect(events.map((e) => e.type)).toEqual(['created', 'sent', 'signed', 'viewed', 'signed', 'completed']);
    expect(events[2]).toMatchObject({ actor: { email: primary.email }, ip: '127.0.0.1' });
    expect(events[2]!.details).toEqual({ signer: mine!.id, kind: 'typed' });
    expect(events[4]).toMatchObject({ actor: { email: secondary.email } });
    expect(events[4]!.details).toEqual({ signer: theirs.id, kind: 'drawn' });
  });

  it('in sequential order each signature gives a link to the next party only', async () => {
    const who = await registerUser(t.app, { name: 'Sequential Owner' });
    const body = payloads.splitSheet();
    const doc = await generateVia(t.app, who, body);
    await sendVia(t.app, who, doc._id, { signingOrder: 'sequential' });
    const people = [...body.splitSheetDetails.writers, ...body.splitSheetDetails.publishers];
    const signingMails = async () =>
      Promise.all(people.map(async (p) => (await mailsTo(t.app, p.email, 'document_signing')).length));
    const withLink = async () => (await signerRows(doc._id)).map((s) => s.token_hash !== null);
    expect(await signingMails()).toEqual([1, 0, 0, 0]);

    const first = await signVia(
      t.app,
      await mailedSigningToken(t.app, people[0]!.email),
      typed(people[0]!.name),
    );
    expect(first.json().data).toEqual({ status: 'signed' });
    expect(await signingMails()).toEqual([1, 1, 0, 0]);
    expect(await withLink()).toEqual([false, true, false, false]);
    expect((await signerRows(doc._id)).map((s) => s.status)).toEqual([
      'signed',
      'sent',
      'pending',
      'pending',
    ]);

    await signVia(t.app, await mailedSigningToken(t.app, people[1]!.email), typed(people[1]!.name));
    expect(await signingMails()).toEqual([1, 1, 1, 0]);
    expect(await withLink()).toEqual([false, false, true, false]);
  });
});

describe('declining through a link', () => {
  it('stores the reason, ends every link, records who declined and why, and mails the owner once', async () => {
    const who = await registerUser(t.app, { name: 'Declined Owner' });
    const { doc, primary, secondary } = await sentContract(who);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sign/${secondary.token}/reject`,
      payload: { reason: 'The split is wrong' },
      headers: { 'user-agent': 'DeclineBrowser/2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'You declined to sign. The sender has been told.',
    });

    const [mine, theirs] = await signerRows(doc._id);
    expect(mine).toMatchObject({
      email: primary.email,
      status: 'sent',
      token_hash: null,
      token_expires_at: null,
      rejected_at: null,
      reject_reason: null,
    });
    expect(theirs).toMatchObject({
      email: secondary.email,
      status: 'rejected',
      token_hash: null,
      token_expires_at: null,
      signed_at: null,
      reject_reason: 'The split is wrong',
    });
    expect(theirs!.rejected_at).not.toBeNull();
    expect((await request(t.app, 'GET', `/api/documents/${doc._id}`, who)).json().data.document.status).toBe(
      'rejected',
    );

    const events = await auditOf(who, doc._id);
    expect(events.map((e) => e.type)).toEqual(['created', 'sent', 'rejected']);
    expect(events[2]).toMatchObject({
      actor: { email: secondary.email },
      ip: '127.0.0.1',
      userAgent: 'DeclineBrowser/2',
    });
    expect(events[2]!.details).toEqual({ signer: theirs!.id, reason: 'The split is wrong' });

    expect(await mailsTo(t.app, who.user.email, 'document_declined')).toEqual([
      {
        subject: `${secondary.name} declined to sign: ${doc.title}`,
        text_body: `Hi ${who.user.name},\n\n${secondary.name} (${secondary.email}) declined to sign "${doc.title}" (${doc.documentId}).\n\nTheir reason: The split is wrong\n\nYou can edit the document and send it again.`,
      },
    ]);
    // The other party's link died with it.
    expect((await open(primary.token)).statusCode).toBe(404);
  });
});

describe('a failed look-up is counted against the address it came from', () => {
  it('signing or declining with an unknown link from one address counts twice there, nowhere else', async () => {
    const address = '198.51.100.23';
    const unknown = 'Z'.repeat(43);
    const failures = () =>
      t.app.ctx.db
        .selectFrom('signing_link_failures')
        .select('ip')
        .where('ip', 'in', [address, ''])
        .execute();
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/sign/${unknown}`,
      payload: typed('Maya'),
      remoteAddress: address,
    });
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/sign/${unknown}/reject`,
      payload: { reason: 'Not mine' },
      remoteAddress: address,
    });
    for (const res of [signed, declined]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: LINK_INVALID });
    }
    expect(await failures()).toEqual([{ ip: address }, { ip: address }]);
  });
});
