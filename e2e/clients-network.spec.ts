// The clients screen (/clients): every filter and the search, the summary tiles, the grid/list choice, and
// linking projects to a client.
import { expect, test } from '@playwright/test';
import { cards, NETWORK, names, openClients, seedClients, tile, tokenOf } from './clients-fixtures.ts';
import { screenshots } from './documents-fixtures.ts';
import { createAccount, expectAccessible } from './fixtures.ts';

test('each filter alone and combined, and the search over name, email and company', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await seedClients(request, account, NETWORK);
  await openClients(page, account);
  await expect(cards(page)).toHaveCount(5);

  // The options are the enum values' words capitalised, an abbreviation as people write it (issue #32).
  await expect(page.getByLabel('Role').locator('option')).toContainText([
    'All Roles',
    'Artist',
    'Producer',
    'Label Executive',
    'Manager',
    'Booking Agent',
    'Publisher',
    'Sync Supervisor',
    'A&R',
    'Venue Owner',
    'Other',
  ]);
  await expect(page.getByLabel('Type').locator('option').nth(4)).toHaveText('Management Company');
  await expect(page.getByLabel('Status').locator('option')).toContainText([
    'All Statuses',
    'Active',
    'Potential',
    'On Hold',
    'Completed',
    'Inactive',
  ]);

  const search = page.getByRole('searchbox', { name: 'Search clients' });
  await search.fill('NORTHLINE.SE');
  await expect(names(page)).toHaveText(['Jonas Berg']);
  await search.fill('aria sync');
  await expect(names(page)).toHaveText(['Priya Raman']);
  await search.fill('');
  await page.getByLabel('Role').selectOption('artist');
  await expect(names(page)).toHaveText(['Velvet Hours', 'Maya Chen']);
  await page.getByLabel('Type').selectOption('band');
  await expect(names(page)).toHaveText(['Velvet Hours']);
  await page.getByLabel('Status').selectOption('active');
  await expect(page.getByRole('heading', { name: 'No Clients Found' })).toBeVisible();
  await expect(
    page.getByText('No clients match your current filters. Try adjusting your search criteria.'),
  ).toBeVisible();
  await page.getByLabel('Type').selectOption('');
  await expect(names(page)).toHaveText(['Maya Chen']);
  await page.getByLabel('Role').selectOption('');
  await expect(names(page)).toHaveText(['Jonas Berg', 'Maya Chen']);
  await page.getByLabel('Status').selectOption('on_hold');
  await expect(names(page)).toHaveText(['Dara Okafor']);
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Type').selectOption('management_company');
  await expect(names(page)).toHaveText(['Dara Okafor']);
  await search.fill('chen');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cards(page)).toHaveCount(5);
});

test('the summary tiles add up the whole network', async ({ page, request }) => {
  const account = await createAccount(request);
  await seedClients(request, account, NETWORK);
  await openClients(page, account);
  await expect(page.getByText('5 client(s) in your network')).toBeVisible();
  await expect(tile(page, 'Active')).toHaveText('2');
  await expect(tile(page, 'Potential')).toHaveText('2');
  await expect(tile(page, 'Completed Projects')).toHaveText('8');
  await expect(tile(page, 'Total Revenue')).toHaveText('$1,254,568');
  // Filters narrow the cards, not the tiles.
  await page.getByLabel('Status').selectOption('on_hold');
  await expect(cards(page)).toHaveCount(1);
  await expect(tile(page, 'Active')).toHaveText('2');
});

test('grid or list, and the choice survives a reload', async ({ page, request }) => {
  const account = await createAccount(request);
  await seedClients(request, account, NETWORK.slice(0, 2));
  await openClients(page, account);
  const grid = page.getByRole('button', { name: 'Grid' });
  const list = page.getByRole('button', { name: 'List' });
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await list.click();
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(2);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Grid' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
});

test("linking a project in the edit form counts it, and the count follows the project's status", async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await seedClients(request, account, [{ name: 'Linked Client', email: 'linked@example.com' }]);
  const token = await tokenOf(request, account);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/projects', {
    data: { title: 'Night Drive', status: 'mixing' },
    headers,
  });
  expect(created.status()).toBe(201);
  const projectId = (await created.json()).data.project._id;
  await openClients(page, account);

  await cards(page).first().getByRole('button', { name: 'Edit Linked Client' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(edit.getByText('No projects are linked to this client yet.')).toBeVisible();
  await edit.getByLabel('Link a project').selectOption({ label: 'Night Drive' });
  await edit.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(edit.getByRole('button', { name: 'Unlink Night Drive' })).toBeVisible();
  await expect(edit.getByLabel('Total projects')).toHaveValue('1');
  await expect(edit.getByText('Includes 1 linked project').first()).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards(page).first().getByRole('definition').first()).toHaveText('1');

  // The project is released in the projects area: the client's completed count follows.
  const put = await request.put(`/api/projects/${projectId}`, { data: { status: 'released' }, headers });
  expect(put.status()).toBe(200);
  await page.reload();
  await expect(tile(page, 'Completed Projects')).toHaveText('1');
});

test('a card names an A&R as such, and says which projects are linked and which were entered by hand', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const headers = { authorization: `Bearer ${await tokenOf(request, account)}` };
  const client = await request.post('/api/clients', {
    data: { name: 'Jonas Berg', email: 'jonas@northline.se', role: 'a_and_r', totalProjects: 2 },
    headers,
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).data.client._id;
  const project = await request.post('/api/projects', { data: { title: 'Night Drive' }, headers });
  expect(project.status()).toBe(201);
  const projectId = (await project.json()).data.project._id;
  const link = await request.put(`/api/clients/${clientId}/projects/${projectId}`, { headers });
  expect(link.status()).toBe(200);

  await openClients(page, account);
  const card = cards(page).first();
  await expect(card.getByText('A&R', { exact: true })).toBeVisible();
  await expect(card.getByText(/A And R/)).toHaveCount(0);
  await expect(card.getByRole('definition').first()).toHaveText('3');
  await expect(card.getByText('1 linked project · 2 entered by hand')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'ux-clients');
  await page.getByRole('button', { name: 'List' }).click();
  await expect(card.getByText('1 linked project · 2 entered by hand')).toBeVisible();
  await screenshots(page, 'ux-clients-list');
});
