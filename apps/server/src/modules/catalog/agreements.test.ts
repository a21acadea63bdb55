// A round of agreement on a work's splits from end to end: every party mailed their own link, each sees the
// whole split, and once the last one accepts the splits are agreed and a sealed split sheet is made from them
// (read back by pdftotext, its seal checked by pdfsig). A decline tells the owner why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { pdfsig, readPdf, squash } from '../documents/documents-testing.ts';
import {
  accept,
  createWork,
  decline,
  downloadSheet,
  getWork,
  linkOf,
  mailsTo,
  requestAgreement,
  storedSheets,
  threeParties,
  viewLink,
} from './agreement-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Lena Owner' });
});
afterAll(async () => {
  await t.close();
});

describe('a round of agreement on a work', () => {
  it('mails every party, shows each the whole split, and seals a split sheet once all three accepted', async () => {
    const parties = threeParties();
    const work = await createWork(t.app, owner, { ...parties, iswc: 'T-034.524.680-1' });
    expect(work.splitsStatus).toBe('draft');
    const sent = await requestAgreement(t.app, owner, work._id);
    expect(sent.statusCode).toBe(200);
    const round = sent.json().data.agreement;
    expect(round.status).toBe('open');
    expect(round.parties.map((p: { name: string; status: string }) => [p.name, p.status])).toEqual([
      ['Maya Beats', 'pending'],
      ['Jon Vocal', 'pending'],
      ['Night Songs Publishing', 'pending'],
    ]);
    expect((await getWork(t.app, owner, work._id)).splitsStatus).toBe('pending');

    const everyone = [...parties.writers, ...parties.publishers];
    const links: string[] = [];
    for (const party of everyone) links.push(await linkOf(t.app, party.email));
    expect(new Set(links).size).toBe(3);
    // Only the token's SHA-256 is kept.
    const hashes = await t.app.ctx.db.selectFrom('agreement_parties').select('token_hash').execute();
    for (const link of links) expect(hashes.map((h) => h.token_hash)).not.toContain(link);

    const view = await viewLink(t.app, links[1]!);
    expect(view.statusCode).toBe(200);
    const seen = view.json().data;
    expect(seen.subject).toEqual({ kind: 'work', title: 'Night Drive', iswc: 'T-034.524.680-1', isrc: null });
    expect(seen.requestedBy).toBe('Lena Owner');
    expect(seen.you.name).toBe('Jon Vocal');
    expect(seen.parties.map((p: { shareBasisPoints: number }) => p.shareBasisPoints)).toEqual([
      3334, 3333, 3333,
    ]);
    expect([seen.roundStatus, seen.voidReason]).toEqual(['open', null]);
    // A link shows its holder's own email only: the others' addresses stay with the owner.
    expect(seen.you.email).toBe(parties.writers[1]!.email);
    expect(seen.parties.map((p: { email: string }) => p.email)).toEqual(['', parties.writers[1]!.email, '']);

    const agents = ['Browser A/1.0', 'Browser B/2.0', 'Browser C/3.0'];
    const answers = [];
    for (const [i, link] of links.entries()) {
      const res = await accept(t.app, link, { 'user-agent': agents[i]! });
      expect(res.statusCode).toBe(200);
      answers.push(res.json().data);
    }
    expect(answers).toEqual([
      { status: 'accepted', roundStatus: 'open' },
      { status: 'accepted', roundStatus: 'open' },
      { status: 'accepted', roundStatus: 'agreed' },
    ]);
    const agreed = await getWork(t.app, owner, work._id);
    expect(agreed.splitsStatus).toBe('agreed');
    expect(agreed.agreement.status).toBe('agreed');
    expect(agreed.agreement.splitSheetUrl).toBe(`/api/works/${work._id}/split-sheet.pdf`);
    expect(await storedSheets(t.app)).toHaveLength(1);

    const bytes = await downloadSheet(t.app, owner, agreed.agreement.splitSheetUrl);
    const report = pdfsig(bytes);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    const text = squash(readPdf(bytes).text);
    expect(text).toMatch(/Maya Beats .*?33\.34%/);
    expect(text).toMatch(/Jon Vocal .*?33\.33%/);
    expect(text).toMatch(/Night Songs Publishing .*?33\.33%/);
    expect(text).toContain('T-034.524.680-1');
    // The certificate lists each acceptance with the browser it came from.
    expect(text.match(/Accepted/g)?.length).toBeGreaterThanOrEqual(6);
    for (const agent of agents) expect(text).toContain(agent);

    for (const to of [...everyone.map((p) => p.email), owner.user.email]) {
      const mails = await mailsTo(t.app, to, 'splits_agreed');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toMatch(/Attached: split-sheet-.+\.pdf/);
    }
  });

  it('takes a decline with its reason, tells the owner, and keeps the splits pending', async () => {
    const parties = threeParties();
    const work = await createWork(t.app, owner, parties);
    expect((await requestAgreement(t.app, owner, work._id)).statusCode).toBe(200);
    const link = await linkOf(t.app, parties.writers[1]!.email);
    for (const reason of ['', '   ', 'x'.repeat(1001)]) {
      const res = await decline(t.app, link, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const reason = `My share should be half. ${'x'.repeat(975)}`;
    expect(reason).toHaveLength(1000);
    const res = await decline(t.app, link, reason);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'declined', roundStatus: 'declined' });

    const after = await getWork(t.app, owner, work._id);
    expect(after.splitsStatus).toBe('pending');
    expect(after.agreement.status).toBe('declined');
    expect(after.agreement.parties[1]).toMatchObject({ status: 'declined', reason });
    const told = await mailsTo(t.app, owner.user.email, 'splits_declined');
    expect(told.at(-1)!.subject).toContain('Jon Vocal declined');
    expect(told.at(-1)!.text_body).toContain(reason);
  });

  it('refuses a round with no parties, or with a party who has no email, naming them', async () => {
    const empty = await createWork(t.app, owner, { writers: [], publishers: [] });
    const none = await requestAgreement(t.app, owner, empty._id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/no writers or publishers/);

    const parties = threeParties();
    parties.writers[1]!.email = null as unknown as string;
    const work = await createWork(t.app, owner, parties);
    const res = await requestAgreement(t.app, owner, work._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Add an email for Jon Vocal: every party must accept');
    expect((await getWork(t.app, owner, work._id)).splitsStatus).toBe('draft');
    expect(
      await t.app.ctx.db
        .selectFrom('agreement_rounds')
        .select('id')
        .where('subject_id', '=', work._id)
        .execute(),
    ).toEqual([]);
  });

  it("answers 404 to an unknown link and to a stranger on the owner's work", async () => {
    const stranger = await registerUser(t.app, { name: 'Stranger' });
    const parties = threeParties();
    const work = await createWork(t.app, owner, parties);
    expect((await requestAgreement(t.app, stranger, work._id)).statusCode).toBe(404);
    expect((await requestAgreement(t.app, owner, work._id)).statusCode).toBe(200);
    const link = await linkOf(t.app, parties.writers[0]!.email);
    // Someone else's link, one character changed, is no link at all.
    const forged = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    for (const res of [
      await viewLink(t.app, forged),
      await accept(t.app, forged),
      await decline(t.app, forged, 'no'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await accept(t.app, 'not-a-token-at-all')).statusCode).toBe(404);
    expect((await accept(t.app, 'short')).statusCode).toBe(400);
    // The stranger's session changes nothing: the link is the credential, and this one is not theirs.
    expect((await accept(t.app, forged, bearer(stranger.token))).statusCode).toBe(404);
    expect(
      (await getWork(t.app, owner, work._id)).agreement.parties.every(
        (p: { status: string }) => p.status === 'pending',
      ),
    ).toBe(true);
  });
});
