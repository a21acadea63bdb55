// The clients screen (/clients) as a producer uses it: demo mode, the error banner, and adding, editing and
// deleting clients for real.
import { expect, test } from '@playwright/test';
import { cards, names, openClients, seedClients, tile } from './clients-fixtures.ts';
import { screenshots } from './documents-fixtures.ts';
import { createAccount, expectAccessible } from './fixtures.ts';

test('signed out of the API (no stored token), the screen shows three demo clients and its banner', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await openClients(page, account);
  await expect(page.getByRole('heading', { name: 'No Clients Found' })).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.reload();
  await expect(page.getByText('Loading demo clients...')).toBeVisible();
  await expect(
    page.getByText("Demo Mode Active - You're viewing sample data. Login to access your real clients."),
  ).toBeVisible();
  await expect(page.getByText('3 client(s) in your network (demo data)')).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  // Issue #32: each sample is badged as one, so its figures are not taken for anyone's.
  for (const card of await cards(page).all())
    await expect(card.getByText('Sample', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In Again' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'ux-demo-clients');

  // Adding in demo mode stays on this page and goes first, with the demo defaults.
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Client' });
  await dialog.getByLabel('Name').fill('Local Sketch');
  await dialog.getByLabel('Email').fill('sketch@example.com');
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(names(page).first()).toHaveText('Local Sketch');
  await expect(cards(page).first()).toContainText('Potential');
  await expect(cards(page).first()).toContainText('Pop');
  await expect(page.getByText('4 client(s) in your network (demo data)')).toBeVisible();
});

test("a server answer of 'Access token required' switches to demo mode without an error", async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await page.route('**/api/clients?*', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'Access token required',
        error: { code: 'UNAUTHORIZED' },
      }),
    }),
  );
  await openClients(page, account);
  await expect(page.getByText('3 client(s) in your network (demo data)')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a failing list shows the red banner with the reason, or the SPEC message', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  let body = JSON.stringify({ success: false, message: 'Database unavailable', error: { code: 'INTERNAL' } });
  let status = 503;
  await page.route('**/api/clients?*', (route) =>
    route.fulfill({ status, contentType: 'application/json', body }),
  );
  await openClients(page, account);
  await expect(page.getByRole('alert')).toContainText('Database unavailable');
  await expect(cards(page)).toHaveCount(0);
  status = 200;
  body = JSON.stringify({ success: false, message: '' });
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to fetch clients');
});

test('adding a client with every field, editing it in place and deleting it, for real', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await openClients(page, account);
  await expect(page.getByText('0 client(s) in your network')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Clients Found' })).toBeVisible();
  await expect(
    page.getByText("You haven't added any clients yet. Add your first client to get started."),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add Your First Client' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add New Client' });
  await dialog.getByLabel('Name').fill('Maya Chen');
  await dialog.getByLabel('Email').fill('Maya@ChenMusic.com');
  await dialog.getByLabel('Phone').fill('+1 (323) 555-0142');
  await dialog.getByLabel('Company').fill('Chen Music');
  await dialog.getByLabel('Location').fill('Los Angeles, CA, USA');
  await dialog.getByLabel('Preferred contact method').selectOption('phone');
  await dialog.getByLabel('Time zone').selectOption('America/Los_Angeles');
  await dialog.getByLabel('Role').selectOption('label_executive');
  await dialog.getByLabel('Type').selectOption('label');
  await dialog.getByLabel('Status').selectOption('active');
  await dialog.getByLabel('Last project date').fill('2025-09-14');
  await dialog.getByLabel('Genres').fill('Indie Pop, R&B, Soul');
  await dialog.getByLabel('Preferred studios').fill('Sunset Sound');
  await dialog.getByLabel('Equipment').fill('Neumann U87\nProphet-6');
  await dialog.getByLabel('Previous work').fill('Paper Lanterns (EP, 2023)');
  await dialog.getByLabel('Budget minimum').fill('5000');
  await dialog.getByLabel('Budget maximum').fill('15000');
  await dialog.getByLabel('Budget currency').selectOption('EUR');
  await dialog.getByLabel('Total revenue (USD)').fill('18250.5');
  await dialog.getByLabel('Total projects').fill('4');
  await dialog.getByLabel('Active projects').fill('1');
  await dialog.getByLabel('Completed projects').fill('3');
  await dialog.getByLabel('Notes').fill('Prefers evening sessions.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add Client' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 client(s) in your network')).toBeVisible();
  const card = cards(page).first();
  await expect(card).toContainText('Maya Chen');
  await expect(card).toContainText('Chen Music');
  await expect(card).toContainText('maya@chenmusic.com');
  await expect(card).toContainText('+1 (323) 555-0142');
  await expect(card).toContainText('Los Angeles, CA, USA');
  await expect(card).toContainText('Active');
  await expect(card).toContainText('$18,250.50');
  await expect(card.getByRole('list', { name: 'Genres' })).toHaveText(/Indie Pop\s*R&B\s*\+1/);
  await expect(tile(page, 'Total Revenue')).toHaveText('$18,250.50');

  // Everything was stored: the edit form opens with it.
  await card.getByRole('button', { name: 'Edit Maya Chen' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(edit.getByLabel('Budget currency')).toHaveValue('EUR');
  await expect(edit.getByLabel('Equipment')).toHaveValue('Neumann U87\nProphet-6');
  await expect(edit.getByLabel('Time zone')).toHaveValue('America/Los_Angeles');
  await edit.getByLabel('Name').fill('Maya Chen-Ortiz');
  await edit.getByLabel('Status').selectOption('on_hold');
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/clients/'));
  await edit.getByRole('button', { name: 'Update Client' }).click();
  await put;
  await expect(edit).toBeHidden();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Maya Chen-Ortiz');
  await expect(cards(page).first()).toContainText('On Hold');
  await page.reload();
  await expect(cards(page).first()).toContainText('Maya Chen-Ortiz');

  // Delete asks first; Cancel keeps the client.
  await cards(page).first().getByRole('button', { name: 'Delete Maya Chen-Ortiz' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Client' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards(page)).toHaveCount(1);
  await cards(page).first().getByRole('button', { name: 'Delete Maya Chen-Ortiz' }).click();
  await confirm.getByRole('button', { name: 'Delete Client' }).click();
  await expect(page.getByRole('heading', { name: 'No Clients Found' })).toBeVisible();
  await expect(page.getByText('0 client(s) in your network')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No Clients Found' })).toBeVisible();
});

test('a duplicate email is refused in the form; a failed delete keeps the card', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await seedClients(request, account, [{ name: 'Existing', email: 'taken@example.com' }]);
  await openClients(page, account);
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Client' });
  await dialog.getByLabel('Name').fill('Second');
  await dialog.getByLabel('Email').fill('TAKEN@example.com');
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'A client with this email is already in your network',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards(page)).toHaveCount(1);

  await page.route('**/api/clients/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            message: 'The server is busy',
            error: { code: 'SERVICE_UNAVAILABLE' },
          }),
        })
      : route.fallback(),
  );
  await cards(page).first().getByRole('button', { name: 'Delete Existing' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Client' });
  await confirm.getByRole('button', { name: 'Delete Client' }).click();
  await expect(confirm.getByRole('alert')).toContainText('The server is busy');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards(page)).toHaveCount(1);
});
