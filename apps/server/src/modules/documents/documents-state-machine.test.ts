// Every owner and signer action against a document in every status (DOCUMENT_STATUSES), each status reached
// through the real API. The expected table is written by hand from the rules (decision 010, README, the
// comments of service.ts, send.ts and signing-service.ts), not from what the code answers:
// - edit while nobody signed and the status is generated, sent, viewed or rejected; it goes back to generated;
// - delete while nobody signed and the document is neither completed nor paid;
// - void anything unfinished; a completed document and a paid invoice are records and stay as they are;
// - send (or resend) anything out or ready to go; never a void, declined, completed or paid one;
// - an invoice is paid once it went out (sent, viewed, signed, completed), once;
// - the owner's own signing page only while the document is out for signature and they are still to sign;
// - a link signs or declines only while the document is out for signature and its signer has not answered.
import { DOCUMENT_STATUSES, type DocumentStatus } from '@mixdesk/contract/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
  uniqueEmail,
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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(RAISED_RATE_LIMITS);
});
afterAll(async () => {
  await t.close();
});

const ACTIONS = [
  'send',
  'void',
  'edit',
  'delete',
  'markPaid',
  'signLink',
  'download',
  'sign',
  'decline',
] as const;
type Action = (typeof ACTIONS)[number];
/** "code:status after it" ('gone' once deleted), or "no-link" where the signer was never sent one. */
type Cell = string;

// Rows: the status the invoice was in. Cells: the answer's code, and the document's status after it.
// signed: the other party signed, the owner (the primary party) has not. rejected: the other party declined,
// every link died. paid: marked paid after it was sent, before anyone signed (the links sent die with it).
const TABLE = `
           send          void          edit          delete        markPaid      signLink      download      sign          decline
generated  200:sent      200:voided    200:generated 200:gone      409:generated 409:generated 200:generated no-link       no-link
sent       200:sent      200:voided    200:generated 200:gone      200:paid      200:sent      200:sent      200:signed    200:rejected
viewed     200:viewed    200:voided    200:generated 200:gone      200:paid      200:viewed    200:viewed    200:signed    200:rejected
signed     200:signed    200:voided    409:signed    409:signed    200:paid      200:signed    200:signed    200:completed 200:rejected
completed  409:completed 409:completed 409:completed 409:completed 200:paid      409:completed 200:completed 404:completed 404:completed
rejected   409:rejected  200:voided    200:generated 200:gone      409:rejected  409:rejected  200:rejected  404:rejected  404:rejected
voided     409:voided    409:voided    409:voided    200:gone      409:voided    409:voided    200:voided    404:voided    404:voided
paid       409:paid      409:paid      409:paid      409:paid      409:paid      409:paid      200:paid      404:paid      404:paid
`;

const [header, ...body] = TABLE.trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/));
const EXPECTED = Object.fromEntries(
  body.map(([state, ...cells]) => [state, Object.fromEntries(cells.map((c, i) => [header![i], c]))]),
) as Record<DocumentStatus, Record<Action, Cell>>;

const today = () => new Date().toISOString().slice(0, 10);

interface Made {
  id: string;
  body: Record<string, unknown>;
}

/** An invoice whose primary party is its owner (so the owner may ask for their signing page). */
async function invoiceOf(owner: SignedIn): Promise<Made & { otherEmail: string }> {
  const otherEmail = uniqueEmail('other');
  const body = payloads.invoice({
    parties: {
      primary: { name: owner.user.name, email: owner.user.email, address: '', phone: '' },
      secondary: { name: 'Jon Vocal', email: otherEmail, address: '', phone: '' },
    },
  });
  const doc = await generateVia(t.app, owner, body);
  return { id: doc._id, body, otherEmail };
}

const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
  const res = await p;
  if (res.statusCode !== 200) throw new Error(`set-up step failed: ${res.statusCode} ${res.body}`);
};

/** A fresh invoice in `state`, reached the way people reach it. */
async function invoiceIn(owner: SignedIn, state: DocumentStatus): Promise<Made> {
  const made = await invoiceOf(owner);
  if (state === 'generated') return made;
  await sendVia(t.app, owner, made.id);
  const mine = await mailedSigningToken(t.app, owner.user.email);
  const theirs = await mailedSigningToken(t.app, made.otherEmail);
  if (state === 'viewed') await ok(t.app.inject({ method: 'GET', url: `/api/sign/${mine}` }));
  if (state === 'signed' || state === 'completed') await ok(signVia(t.app, theirs, typed('Jon Vocal')));
  if (state === 'completed') await ok(signVia(t.app, mine, typed(owner.user.name)));
  if (state === 'rejected') await ok(signVia(t.app, `${theirs}/reject`, { reason: 'The rate is wrong' }));
  if (state === 'voided') await ok(request(t.app, 'POST', `/api/documents/${made.id}/void`, owner));
  if (state === 'paid')
    await ok(request(t.app, 'POST', `/api/documents/${made.id}/mark-paid`, owner, { paidAt: today() }));
  return made;
}

/** The newest link mailed to the owner (the primary party) for this document, or null if none ever was. */
async function ownersLink(owner: SignedIn, id: string): Promise<string | null> {
  const signer = await t.app.ctx.db
    .selectFrom('document_signers')
    .select('status')
    .where('document_id', '=', id)
    .where('email', '=', owner.user.email)
    .executeTakeFirstOrThrow();
  // Each cell's document is the last one sent to the owner, so the newest signing mail is its.
  return signer.status === 'pending' ? null : mailedSigningToken(t.app, owner.user.email);
}

async function act(owner: SignedIn, made: Made, action: Action): Promise<number | 'no link'> {
  const url = `/api/documents/${made.id}`;
  switch (action) {
    case 'send':
      return (await request(t.app, 'POST', `${url}/send`, owner, {})).statusCode;
    case 'void':
      return (await request(t.app, 'POST', `${url}/void`, owner)).statusCode;
    case 'edit':
      return (await request(t.app, 'PUT', url, owner, made.body)).statusCode;
    case 'delete':
      return (await request(t.app, 'DELETE', url, owner)).statusCode;
    case 'markPaid':
      return (await request(t.app, 'POST', `${url}/mark-paid`, owner, { paidAt: today() })).statusCode;
    case 'signLink':
      return (await request(t.app, 'POST', `${url}/sign-link`, owner)).statusCode;
    case 'download':
      return (await request(t.app, 'GET', `${url}/download`, owner)).statusCode;
    case 'sign':
    case 'decline': {
      const token = await ownersLink(owner, made.id);
      if (!token) return 'no link';
      const res =
        action === 'sign'
          ? await signVia(t.app, token, typed(owner.user.name))
          : await signVia(t.app, `${token}/reject`, { reason: 'Not what we agreed' });
      return res.statusCode;
    }
  }
}

async function statusOf(owner: SignedIn, id: string): Promise<DocumentStatus | 'gone'> {
  const res = await request(t.app, 'GET', `/api/documents/${id}`, owner);
  if (res.statusCode === 404) return 'gone';
  return res.json().data.document.status;
}

describe('every action against a document in every status', () => {
  it('the table covers every status and every action', () => {
    expect(Object.keys(EXPECTED)).toEqual([...DOCUMENT_STATUSES]);
    for (const cells of Object.values(EXPECTED)) expect(Object.keys(cells)).toEqual([...ACTIONS]);
  });

  it.each([...DOCUMENT_STATUSES])('an invoice that is %s', async (state) => {
    // One owner per status keeps each within the daily signing-mail budget of a sender.
    const owner = await registerUser(t.app, { name: 'Owner Party' });
    const actual = {} as Record<Action, Cell>;
    for (const action of ACTIONS) {
      const made = await invoiceIn(owner, state);
      expect(await statusOf(owner, made.id), `${action}: reached ${state}`).toBe(state);
      const code = await act(owner, made, action);
      actual[action] = code === 'no link' ? 'no-link' : `${code}:${await statusOf(owner, made.id)}`;
    }
    expect(actual).toEqual(EXPECTED[state]);
  });
});

describe('sequential signing order', () => {
  it('the later signer gets no link before their turn, by mail or from their own account', async () => {
    const owner = await registerUser(t.app, { name: 'Second Party' });
    const firstEmail = uniqueEmail('first');
    const body = payloads.contract({
      parties: {
        primary: { name: 'Maya Beats', email: firstEmail, address: '', phone: '' },
        secondary: { name: owner.user.name, email: owner.user.email, address: '', phone: '' },
      },
    });
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id, { signingOrder: 'sequential' });

    const early = await request(t.app, 'POST', `/api/documents/${doc._id}/sign-link`, owner);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('It is not your turn to sign yet: the parties before you sign first');
    // No link of theirs exists yet: none mailed, none stored.
    expect(await mailsTo(t.app, owner.user.email, 'document_signing')).toEqual([]);
    const theirs = () =>
      t.app.ctx.db
        .selectFrom('document_signers')
        .select('token_hash')
        .where('document_id', '=', doc._id)
        .where('position', '=', 1)
        .executeTakeFirstOrThrow();
    expect((await theirs()).token_hash).toBeNull();

    expect(
      (await signVia(t.app, await mailedSigningToken(t.app, firstEmail), typed('Maya'))).statusCode,
    ).toBe(200);
    // Their turn: a link is mailed, and their own account opens the signing page.
    expect(await mailsTo(t.app, owner.user.email, 'document_signing')).toHaveLength(1);
    expect((await theirs()).token_hash).not.toBeNull();
    const now = await request(t.app, 'POST', `/api/documents/${doc._id}/sign-link`, owner);
    expect(now.statusCode).toBe(200);
    expect(now.json().data.url).toMatch(/^\/sign\/[\w-]{43}$/);
  });
});

describe('why an edit is refused', () => {
  it('a paid invoice nobody signed says it is paid, not that it was signed', async () => {
    const owner = await registerUser(t.app);
    const made = await invoiceIn(owner, 'paid');
    const res = await request(t.app, 'PUT', `/api/documents/${made.id}`, owner, payloads.invoice());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This invoice is paid, so it can no longer be edited');
  });
});
