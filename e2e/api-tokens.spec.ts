// Settings › API Tokens (issue #38): a person makes a personal token, sees it once and copies it; a script using
// the copied token reads the API as them (200) and, with a read-only token, is refused a change (403); the list
// shows it without the secret; revoked after a confirmation, the token gets 401 at once.
import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { signInTo } from './account-helpers.ts';
import { E2E_BASE_URL } from './env.ts';
import { createAccount, expectAccessible } from './fixtures.ts';
import { screenshots } from './media-fixtures.ts';

const SHOTS = '/tmp/shots-api-tokens';

const tokensCard = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'API Tokens', exact: true }) });

test('make a token, copy it once, use it from a script, revoke it: 401 at once', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { name: 'Script Writer' });
  await signInTo(page, account, '/settings');
  const card = tokensCard(page);
  await expect(card.getByText('No tokens yet.')).toBeVisible();
  await expect(card.getByText('0 of 50 tokens')).toBeVisible();
  await expectAccessible(page);

  // A read-only token that ends in 30 days.
  await card.getByRole('button', { name: 'New Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API token' });
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Catalogue sync');
  await expect(dialog.getByRole('radio', { name: /Read only/ })).toBeChecked();
  await dialog.getByLabel('Expires').selectOption({ label: 'In 30 days' });
  await expectAccessible(page);
  await screenshots(page, 'api-tokens-new', SHOTS);
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  await expect(dialog).toBeHidden();

  // Shown once, to copy.
  const panel = page.getByRole('region', { name: '“Catalogue sync” is ready' });
  await expect(panel).toContainText('you won’t see it again');
  const shown = await panel.getByLabel('API token').inputValue();
  expect(shown).toMatch(/^mxd_[A-Za-z0-9_-]{43}$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toBe(shown);
  const row = card.getByRole('list', { name: 'API tokens' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Catalogue sync');
  await expect(row).toContainText('Read only');
  await expect(row).toContainText('Never used');
  await expect(row).toContainText('Expires');
  await expectAccessible(page);
  await screenshots(page, 'api-tokens-created', SHOTS);

  // A script uses the copied token: the page's own request context (cookies and all) and a bare one.
  const bearer = { authorization: `Bearer ${token}` };
  const script = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    expect((await page.request.get('/api/projects', { headers: bearer })).status()).toBe(200);
    const listed = await script.get('/api/projects', { headers: bearer });
    expect(listed.status()).toBe(200);
    expect((await listed.json()).data.projects).toEqual([]);
    const change = await script.post('/api/projects', { headers: bearer, data: { title: 'From a script' } });
    expect(change.status()).toBe(403);
    expect((await change.json()).message).toMatch(/can only read/);

    // Gone once Done: nowhere on the page, not after a reload either; the list says it was used.
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(panel).toBeHidden();
    await page.reload();
    await expect(row).toContainText('Last used just now');
    expect(await page.content()).not.toContain(token.slice(4));

    // A second token, read and write, to the end of a chosen day.
    await card.getByRole('button', { name: 'New Token' }).click();
    await dialog.getByLabel('Name').fill('Nightly backup to the label server');
    await dialog.getByRole('radio', { name: /Read and write/ }).click();
    await dialog.getByLabel('Expires').selectOption({ label: 'On a date…' });
    const nextYear = `${new Date().getFullYear() + 1}-06-30`;
    await dialog.getByLabel('Last day').fill(nextYear);
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: /Nightly backup.* is ready/ })).toBeVisible();
    await page
      .getByRole('region', { name: /Nightly backup.* is ready/ })
      .getByRole('button', { name: 'Done' })
      .click();
    await expect(row).toHaveCount(2);
    await expect(row.first()).toContainText('Read and write');
    await expect(card.getByText('2 of 50 tokens')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'api-tokens-list', SHOTS);

    // Revoked after a confirmation: 401 at once, off the list.
    await card.getByRole('button', { name: 'Revoke Catalogue sync' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “Catalogue sync”?' });
    await expect(confirm).toContainText('stop working at once');
    await expectAccessible(page);
    await screenshots(page, 'api-tokens-revoke', SHOTS);
    await confirm.getByRole('button', { name: 'Revoke Token' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('API token revoked')).toBeVisible();
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText('Catalogue sync');
    for (const client of [script, page.request]) {
      const after = await client.get('/api/projects', { headers: bearer });
      expect(after.status()).toBe(401);
      expect((await after.json()).message).toMatch(/revoked/);
    }
  } finally {
    await script.dispose();
  }
});
