// Deleting an account with documents, at the edges: a PDF that no issued-file record names still goes, and the
// live signing links are remembered as withdrawn whatever their number (none, exactly one batch of 500, one
// past it, and more than one database statement could carry at once), each a party is then told is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { newId, randomToken, sha256 } from '../../platform/ids.ts';
import {
  currentPdfKey,
  generateVia,
  mailedSigningToken,
  payloads,
  request,
  sendVia,
  storedPdfKeys,
} from '../documents/documents-testing.ts';
import { DOCUMENT_GONE } from '../documents/withdrawn-links.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const deleteAccount = (who: SignedIn) =>
  request(t.app, 'POST', '/api/account/delete', who, { email: who.user.email, password: GOOD_PASSWORD });

const withdrawnCount = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('withdrawn_signing_links')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const EXPIRES = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

/** `n` more parties with a live link on a document (written directly: a few thousand would take long to send). */
async function addLiveLinks(documentId: string, n: number): Promise<string[]> {
  const tokens = Array.from({ length: n }, () => randomToken(32));
  for (let i = 0; i < n; i += 1000)
    await t.app.ctx.db
      .insertInto('document_signers')
      .values(
        tokens.slice(i, i + 1000).map((token, j) => ({
          id: newId(),
          document_id: documentId,
          position: 10 + i + j,
          role: 'writer',
          name: `Party ${i + j}`,
          email: `party-${i + j}@example.test`,
          status: 'sent',
          token_hash: sha256(token),
          token_expires_at: EXPIRES,
        })),
      )
      .execute();
  return tokens;
}

/** What a party is told when opening the link now. */
const opened = (token: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: `/api/sign/${token}`, remoteAddress });

describe("an account's stored PDFs", () => {
  it('a PDF no issued-file record names goes with the account too, and nothing fails to be removed', async () => {
    const who = await registerUser(t.app, { name: 'Leaving Producer' });
    const unnamed = await generateVia(t.app, who, payloads.contract());
    const named = await generateVia(t.app, who, payloads.invoice());
    const unnamedKey = await currentPdfKey(t.app, unnamed._id);
    const namedKey = await currentPdfKey(t.app, named._id);
    // A document whose issued-file rows are gone (written so directly): only its own row names its PDF.
    await t.app.ctx.db.deleteFrom('document_files').where('document_id', '=', unnamed._id).execute();
    expect(await storedPdfKeys(t.app, unnamed._id)).toEqual([unnamedKey]);
    expect(await t.app.ctx.storage.stat(namedKey)).not.toBeNull();

    const res = await deleteAccount(who);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await t.app.ctx.db
        .selectFrom('documents')
        .select('id')
        .where('id', 'in', [unnamed._id, named._id])
        .execute(),
    ).toEqual([]);
    expect(await t.app.ctx.storage.stat(unnamedKey)).toBeNull();
    expect(await t.app.ctx.storage.stat(namedKey)).toBeNull();
    expect(await storedPdfKeys(t.app, unnamed._id)).toEqual([]);
    expect(await storedPdfKeys(t.app, named._id)).toEqual([]);
    expect(t.logs()).not.toContain('Removing a document PDF failed');
  });
});

describe('live signing links of a deleted account, however many', () => {
  it('none: an account whose documents were never sent is deleted, and withdraws nothing', async () => {
    const who = await registerUser(t.app);
    const doc = await generateVia(t.app, who, payloads.contract());
    const before = await withdrawnCount();
    const res = await deleteAccount(who);
    expect(res.statusCode, res.body).toBe(200);
    expect(await withdrawnCount()).toBe(before);
    expect(
      await t.app.ctx.db.selectFrom('documents').select('id').where('id', '=', doc._id).execute(),
    ).toEqual([]);
  });

  for (const total of [500, 501]) {
    it(`${total} live links: every one is withdrawn, until the link would have expired`, async () => {
      const who = await registerUser(t.app);
      const doc = await generateVia(t.app, who, payloads.contract());
      await sendVia(t.app, who, doc._id);
      const mailed = await mailedSigningToken(t.app, doc.parties.primary.email);
      const tokens = await addLiveLinks(doc._id, total - 2);
      const before = await withdrawnCount();
      const res = await deleteAccount(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(await withdrawnCount()).toBe(before + total);
      const last = tokens.at(-1)!;
      const row = await t.app.ctx.db
        .selectFrom('withdrawn_signing_links')
        .select(['token_hash', 'expires_at'])
        .where('token_hash', '=', sha256(last))
        .executeTakeFirst();
      expect(row).toEqual({ token_hash: sha256(last), expires_at: EXPIRES });
      for (const [i, token] of [mailed, tokens[0]!, last].entries()) {
        const answer = await opened(token, `198.51.100.${total - 400 + i}`);
        expect(answer.statusCode).toBe(404);
        expect(answer.json().message).toBe(DOCUMENT_GONE);
      }
    });
  }

  it('more live links than one statement can carry (SQLite and PostgreSQL): each batch goes by itself', async () => {
    // SQLite binds at most 32,766 values in one statement and PostgreSQL 65,535; two a link.
    const total = 33_000;
    const who = await registerUser(t.app);
    const doc = await generateVia(t.app, who, payloads.contract());
    const tokens = await addLiveLinks(doc._id, total);
    const before = await withdrawnCount();
    const res = await deleteAccount(who);
    expect(res.statusCode, res.body).toBe(200);
    expect(await withdrawnCount()).toBe(before + total);
    for (const [i, token] of [tokens[0]!, tokens[16_400]!, tokens.at(-1)!].entries()) {
      const answer = await opened(token, `198.51.100.${200 + i}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(DOCUMENT_GONE);
    }
  });
});
