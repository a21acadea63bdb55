// Answers at the same moment: a hundred accepts of one link count once, and when the last two parties accept
// together the round becomes agreed once, with one split sheet and one mail each. And a recording's master
// split goes through the same round.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { pdfsig, readPdf, squash } from '../documents/documents-testing.ts';
import {
  accept,
  createWork,
  downloadSheet,
  getWork,
  linkOf,
  mailsTo,
  ownTrack,
  requestAgreement,
  storedSheets,
  threeParties,
  viewLink,
} from './agreement-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  // A hundred answers from one address within a second: past the per-address count of changes.
  t = await createTestApp(RAISED_RATE_LIMITS);
  owner = await registerUser(t.app, { name: 'Race Owner' });
});
afterAll(async () => {
  await t.close();
});

describe('answers at the same moment', () => {
  it('takes one of a hundred accepts of one link, and answers 409 to the rest', async () => {
    const parties = threeParties();
    const work = await createWork(t.app, owner, parties);
    expect((await requestAgreement(t.app, owner, work._id)).statusCode).toBe(200);
    const link = await linkOf(t.app, parties.writers[0]!.email);
    const answers = await Promise.all(Array.from({ length: 100 }, () => accept(t.app, link)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const round = (await getWork(t.app, owner, work._id)).agreement;
    expect(round.parties.map((p: { status: string }) => p.status)).toEqual([
      'accepted',
      'pending',
      'pending',
    ]);
  });

  it('makes the round agreed once when the last two parties accept together', async () => {
    const before = (await storedSheets(t.app)).length;
    const parties = threeParties();
    const work = await createWork(t.app, owner, parties);
    expect((await requestAgreement(t.app, owner, work._id)).statusCode).toBe(200);
    const emails = [...parties.writers, ...parties.publishers].map((p) => p.email);
    const links: string[] = [];
    for (const email of emails) links.push(await linkOf(t.app, email));
    expect((await accept(t.app, links[0]!)).statusCode).toBe(200);
    const last = await Promise.all([
      ...Array.from({ length: 10 }, () => accept(t.app, links[1]!)),
      ...Array.from({ length: 10 }, () => accept(t.app, links[2]!)),
    ]);
    const ok = last.filter((r) => r.statusCode === 200).map((r) => r.json().data.roundStatus);
    expect(ok.sort()).toEqual(['agreed', 'open']);
    expect(last.filter((r) => r.statusCode === 409)).toHaveLength(18);
    expect((await getWork(t.app, owner, work._id)).splitsStatus).toBe('agreed');
    expect(await storedSheets(t.app)).toHaveLength(before + 1);
    for (const to of [...emails, owner.user.email])
      expect(await mailsTo(t.app, to, 'splits_agreed')).toHaveLength(1);
  });
});

describe("a recording's master split", () => {
  it('is agreed by its master owners and sealed with their names and shares', async () => {
    const { base } = await ownTrack(t.app, owner);
    const owners = [
      { name: 'Orbit Records', email: uniqueEmail('orbit'), shareBasisPoints: 7500 },
      { name: 'Sam Artist', email: uniqueEmail('sam'), shareBasisPoints: 2500 },
    ];
    const saved = await t.app.inject({
      method: 'PUT',
      url: base,
      headers: bearer(owner.token),
      payload: { isrc: 'US-RC1-26-00001', masterOwners: owners },
    });
    expect(saved.statusCode).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: `${base}/agreement`,
      headers: bearer(owner.token),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.agreement.parties.map((p: { kind: string }) => p.kind)).toEqual([
      'master_owner',
      'master_owner',
    ]);
    const links = [await linkOf(t.app, owners[0]!.email), await linkOf(t.app, owners[1]!.email)];
    const view = (await viewLink(t.app, links[0]!)).json().data;
    expect(view.subject).toEqual({
      kind: 'recording',
      title: 'Night Drive',
      iswc: null,
      isrc: 'USRC12600001',
    });
    expect(
      (await t.app.inject({ url: `${base}/split-sheet.pdf`, headers: bearer(owner.token) })).statusCode,
    ).toBe(409);
    for (const link of links) expect((await accept(t.app, link)).statusCode).toBe(200);
    const recording = (await t.app.inject({ url: base, headers: bearer(owner.token) })).json().data.recording;
    expect([recording.splitsStatus, recording.agreement.status]).toEqual(['agreed', 'agreed']);
    expect(recording.agreement.splitSheetUrl).toBe(`${base}/split-sheet.pdf`);
    const bytes = await downloadSheet(t.app, owner, recording.agreement.splitSheetUrl);
    expect(pdfsig(bytes)).toContain('Signature is Valid');
    const text = squash(readPdf(bytes).text);
    expect(text).toMatch(/Orbit Records .*?75%/);
    expect(text).toMatch(/Sam Artist .*?25%/);
    expect(text).toContain('USRC12600001');
    // Its people are master owners, in the table and on their signature lines; no one is called a writer.
    expect(text).toContain('Master owners');
    expect(text).toContain('MASTER OWNER');
    expect(text).not.toMatch(/\bWriters?\b|WRITER/);
  });
});
