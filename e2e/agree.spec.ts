// Agreeing to a split from the emailed link (issue #37), as each party does in a browser of their own: the page
// shows the whole split (title, ISWC, every party with their part and share), one party accepts, another
// declines with a reason, and the third then sees it declined; a split everyone accepted says so, a request the
// owner replaced says it no longer counts, and an unknown link says it cannot be used.

import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { tokenOf } from './account-helpers.ts';
import { E2E_DATA_DIR } from './env.ts';
import { createAccount, expectAccessible, newEmail } from './fixtures.ts';
import { screenshots } from './media-fixtures.ts';

const parties = () => ({
  writers: [
    { name: 'Maya Beats', email: newEmail('maya'), role: 'composer', pro: 'ASCAP', shareBasisPoints: 5000 },
    { name: 'Jon Vocal', email: newEmail('jon'), role: 'lyricist', pro: 'BMI', shareBasisPoints: 2500 },
  ],
  publishers: [{ name: 'Night Songs Publishing', email: newEmail('pub'), shareBasisPoints: 2500 }],
});

/** A work with three parties and a round of agreement sent on it, made through the API. */
async function workSentForAgreement(request: APIRequestContext, token: string, title: string) {
  const headers = { authorization: `Bearer ${token}` };
  const split = parties();
  const created = await request.post('/api/works', {
    headers,
    data: { title, iswc: 'T-034.524.680-1', ...split },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.work._id as string;
  expect((await request.post(`/api/works/${id}/agreement`, { headers })).status()).toBe(200);
  return { id, split, headers };
}

/** The newest agreement link mailed to an address, waited for in the outbox. */
async function agreeLink(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const db = new Database(path.join(E2E_DATA_DIR, 'mixdesk.db'), {
          readonly: true,
          fileMustExist: true,
        });
        try {
          const row = db
            .prepare(
              "select text_body from mail_outbox where to_address = ? and kind = 'splits_request' order by created_at desc, id desc limit 1",
            )
            .get(to) as { text_body: string } | undefined;
          link = row?.text_body.match(/https?:\/\/\S+\/agree\/[\w-]+/)?.[0] ?? '';
          return link;
        } finally {
          db.close();
        }
      },
      { message: `an agreement link mailed to ${to}` },
    )
    .not.toBe('');
  return link;
}

/** A fresh browser (no session) at the link a party got by email. */
async function openAsParty(browser: Browser, email: string, title: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(await agreeLink(email));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  return page;
}

const partyRows = (page: Page) => page.getByTestId('split-party');

test('parties see the whole split, one accepts, one declines with a reason, and the third sees it declined', async ({
  request,
  browser,
}) => {
  test.slow();
  const owner = await createAccount(request, { name: 'Lena Owner' });
  const token = await tokenOf(request, owner);
  const title = 'Night Drive';
  const { split } = await workSentForAgreement(request, token, title);
  const [maya, jon] = split.writers;
  const publisher = split.publishers[0]!;

  const first = await openAsParty(browser, maya!.email, title);
  await expect(first.getByText('Lena Owner asks you to agree to the split of')).toBeVisible();
  await expect(first.getByText('T-034.524.680-1')).toBeVisible();
  await expect(partyRows(first)).toHaveCount(3);
  await expect(partyRows(first).nth(0)).toContainText('Maya Beats(you)');
  await expect(partyRows(first).nth(0)).toContainText('Writer');
  await expect(partyRows(first).nth(0)).toContainText('50 %');
  await expect(partyRows(first).nth(2)).toContainText('Night Songs Publishing');
  await expect(partyRows(first).nth(2)).toContainText('Publisher');
  await expect(partyRows(first).nth(2)).toContainText('25 %');
  await expectAccessible(first);
  await screenshots(first, 'agree-open');
  await first.getByRole('button', { name: 'Accept the split' }).click();
  await expect(first.getByText('You accepted this split')).toBeVisible();
  await expect(partyRows(first).nth(0)).toContainText('Accepted');
  await expect(first.getByRole('button', { name: 'Accept the split' })).toHaveCount(0);
  await screenshots(first, 'agree-accepted');

  const second = await openAsParty(browser, jon!.email, title);
  await second.getByRole('button', { name: 'Decline…' }).click();
  await second.getByRole('button', { name: 'Decline the split' }).click();
  await expect(second.getByText('Reason is required')).toBeVisible();
  await second.getByLabel('Why do you decline?').fill('My share should be 30 %.');
  await expectAccessible(second);
  await screenshots(second, 'agree-declining');
  await second.getByRole('button', { name: 'Decline the split' }).click();
  await expect(second.getByText('You declined this split')).toBeVisible();
  await expect(partyRows(second).nth(1)).toContainText('My share should be 30 %.');

  const third = await openAsParty(browser, publisher.email, title);
  await expect(third.getByText('Jon Vocal declined this split')).toBeVisible();
  await expect(third.getByRole('button', { name: 'Accept the split' })).toHaveCount(0);
  await expectAccessible(third);
  await screenshots(third, 'agree-declined');
});

test('a split everyone accepted says so; a replaced request and an unknown link say they cannot be used', async ({
  request,
  browser,
}) => {
  test.slow();
  const owner = await createAccount(request, { name: 'Lena Owner' });
  const token = await tokenOf(request, owner);
  const agreed = await workSentForAgreement(request, token, 'Agreed Song');
  const everyone = [...agreed.split.writers, ...agreed.split.publishers];
  for (const party of everyone) {
    const link = new URL(await agreeLink(party.email)).pathname.split('/').at(-1)!;
    expect((await request.post(`/api/agree/${link}/accept`)).status()).toBe(200);
  }
  const page = await openAsParty(browser, everyone[0]!.email, 'Agreed Song');
  await expect(page.getByText('Agreed by everyone')).toBeVisible();
  await expect(partyRows(page).filter({ hasText: 'Accepted' })).toHaveCount(3);
  await screenshots(page, 'agree-agreed');

  const replaced = await workSentForAgreement(request, token, 'Replaced Song');
  const oldLink = await agreeLink(replaced.split.writers[0]!.email);
  expect(
    (await request.post(`/api/works/${replaced.id}/agreement`, { headers: replaced.headers })).status(),
  ).toBe(200);
  await page.goto(oldLink);
  await expect(page.getByText('This request no longer counts')).toBeVisible();
  await expect(page.getByText(/A newer request replaced this one/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept the split' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'agree-void');

  await page.goto(`/agree/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible();
  await expect(page.getByText(/This agreement link is not valid/)).toBeVisible();
  await screenshots(page, 'agree-unknown');
});
