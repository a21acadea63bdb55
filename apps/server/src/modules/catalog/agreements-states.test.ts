// Every answer in every state of a round: open, agreed, declined, void (the splits changed) and replaced (sent
// again), each asked to view, accept, decline and be sent again; and a change to agreed splits sending them
// back to pending with every party told.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  accept,
  createWork,
  decline,
  getWork,
  linkOf,
  mailsTo,
  requestAgreement,
  threeParties,
  updateWork,
  viewLink,
} from './agreement-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'State Owner' });
});
afterAll(async () => {
  await t.close();
});

/** A work with three parties and a round sent: its id, its parties and their links. */
async function sentRound() {
  const parties = threeParties();
  const work = await createWork(t.app, owner, parties);
  expect((await requestAgreement(t.app, owner, work._id)).statusCode).toBe(200);
  const emails = [...parties.writers, ...parties.publishers].map((p) => p.email);
  const links = [];
  for (const email of emails) links.push(await linkOf(t.app, email));
  return { work, parties, emails, links };
}

const answer = async (res: Awaited<ReturnType<typeof accept>>) => ({
  status: res.statusCode,
  message: res.json().message as string,
});

describe('each action in each state of a round', () => {
  it('open: view, accept once (twice is 409), decline after accepting is 409', async () => {
    const { links } = await sentRound();
    expect((await viewLink(t.app, links[0]!)).json().data.roundStatus).toBe('open');
    expect((await accept(t.app, links[0]!)).statusCode).toBe(200);
    expect(await answer(await accept(t.app, links[0]!))).toEqual({
      status: 409,
      message: 'You already accepted this split',
    });
    expect((await decline(t.app, links[0]!, 'changed my mind')).statusCode).toBe(409);
    const view = (await viewLink(t.app, links[0]!)).json().data;
    expect([view.you.status, view.roundStatus]).toEqual(['accepted', 'open']);
  });

  it('open, sent again: the old round is void and its links say they were replaced', async () => {
    const { work, emails, links } = await sentRound();
    expect((await accept(t.app, links[0]!)).statusCode).toBe(200);
    const again = await requestAgreement(t.app, owner, work._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.agreement.parties.every((p: { status: string }) => p.status === 'pending')).toBe(
      true,
    );
    for (const [res] of [[await accept(t.app, links[1]!)], [await decline(t.app, links[2]!, 'no')]]) {
      expect(res!.statusCode).toBe(410);
      expect(res!.json().message).toMatch(/^This request was replaced/);
    }
    const view = (await viewLink(t.app, links[0]!)).json().data;
    expect([view.roundStatus, view.voidReason]).toEqual(['void', 'replaced']);
    // The new links work.
    const fresh = await linkOf(t.app, emails[1]!);
    expect(fresh).not.toBe(links[1]);
    expect((await accept(t.app, fresh)).statusCode).toBe(200);
    expect((await getWork(t.app, owner, work._id)).splitsStatus).toBe('pending');
  });

  it('agreed: view shows it, accept and decline are 409, sending again is 409', async () => {
    const { work, links } = await sentRound();
    for (const link of links) expect((await accept(t.app, link)).statusCode).toBe(200);
    expect((await viewLink(t.app, links[2]!)).json().data.roundStatus).toBe('agreed');
    expect((await accept(t.app, links[2]!)).statusCode).toBe(409);
    expect((await decline(t.app, links[2]!, 'too late')).statusCode).toBe(409);
    const again = await requestAgreement(t.app, owner, work._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already agreed/);
    expect((await getWork(t.app, owner, work._id)).splitsStatus).toBe('agreed');
  });

  it('declined: others cannot answer, the decliner cannot twice, and sending again starts a new round', async () => {
    const { work, emails, links } = await sentRound();
    expect((await accept(t.app, links[0]!)).statusCode).toBe(200);
    expect((await decline(t.app, links[1]!, 'Wrong split')).statusCode).toBe(200);
    const view = (await viewLink(t.app, links[2]!)).json().data;
    expect([view.roundStatus, view.parties[1].reason]).toEqual(['declined', 'Wrong split']);
    const other = await accept(t.app, links[2]!);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/^Jon Vocal declined this split/);
    expect((await decline(t.app, links[2]!, 'me too')).statusCode).toBe(409);
    expect(await answer(await accept(t.app, links[1]!))).toEqual({
      status: 409,
      message: 'You already declined this split',
    });
    expect((await decline(t.app, links[1]!, 'again')).statusCode).toBe(409);
    expect((await requestAgreement(t.app, owner, work._id)).statusCode).toBe(200);
    expect((await accept(t.app, links[2]!)).statusCode).toBe(410);
    expect((await getWork(t.app, owner, work._id)).agreement.status).toBe('open');
    for (const email of emails) expect(await linkOf(t.app, email)).not.toBe(links[emails.indexOf(email)]);
  });

  it('void after a change: view says so, answers are 410, and a new round can be sent', async () => {
    const { work, parties, links } = await sentRound();
    expect((await accept(t.app, links[0]!)).statusCode).toBe(200);
    parties.writers[0]!.shareBasisPoints = 5000;
    parties.writers[1]!.shareBasisPoints = 1667;
    expect((await updateWork(t.app, owner, work._id, parties)).statusCode).toBe(200);
    const after = await getWork(t.app, owner, work._id);
    expect([after.splitsStatus, after.agreement.status]).toEqual(['pending', 'void']);
    const view = (await viewLink(t.app, links[1]!)).json().data;
    expect([view.roundStatus, view.voidReason]).toEqual(['void', 'changed']);
    for (const res of [await accept(t.app, links[1]!), await decline(t.app, links[2]!, 'no')]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toMatch(/^The splits changed/);
    }
    expect((await requestAgreement(t.app, owner, work._id)).statusCode).toBe(200);
    expect((await getWork(t.app, owner, work._id)).agreement.status).toBe('open');
  });

  it('a change to agreed splits returns them to pending, tells every party, and withdraws the split sheet', async () => {
    const { work, parties, emails, links } = await sentRound();
    for (const link of links) expect((await accept(t.app, link)).statusCode).toBe(200);
    const sheetUrl = `/api/works/${work._id}/split-sheet.pdf`;
    expect((await t.app.inject({ url: sheetUrl, headers: bearer(owner.token) })).statusCode).toBe(200);
    // A title is not the split: nothing changes.
    expect(
      (await updateWork(t.app, owner, work._id, { ...parties, title: 'Night Drive (Edit)' })).statusCode,
    ).toBe(200);
    expect((await getWork(t.app, owner, work._id)).splitsStatus).toBe('agreed');

    parties.publishers[0]!.shareBasisPoints = 3000;
    parties.writers[0]!.shareBasisPoints = 3667;
    expect((await updateWork(t.app, owner, work._id, parties)).statusCode).toBe(200);
    const after = await getWork(t.app, owner, work._id);
    expect([after.splitsStatus, after.agreement.status, after.agreement.splitSheetUrl]).toEqual([
      'pending',
      'void',
      null,
    ]);
    await vi.waitFor(
      async () => {
        for (const email of emails) expect(await mailsTo(t.app, email, 'splits_changed')).toHaveLength(1);
      },
      { timeout: 10_000, interval: 20 },
    );
    const sheet = await t.app.inject({ url: sheetUrl, headers: bearer(owner.token) });
    expect(sheet.statusCode).toBe(409);
    expect(sheet.json().message).toMatch(/pending until every party accepts/);
    expect((await accept(t.app, links[0]!)).statusCode).toBe(410);
  });
});
