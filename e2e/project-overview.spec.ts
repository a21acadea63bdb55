// The project page's Overview: details and tags edited by editors, and collaborators invited by the owner, who
// once they accept see the project with their permission and cannot delete it.
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { type Account, createAccount, expectAccessible, signInThroughUi } from './fixtures.ts';
import { acceptInvitationTo } from './invitation-helpers.ts';

async function createProject(request: APIRequestContext, account: Account, data: object): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  const token = (await login.json()).data.token;
  const res = await request.post('/api/projects', { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(201);
  return (await res.json()).data.project._id;
}

async function signedInPage(browser: Browser, account: Account, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto(path);
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

test('the owner edits every detail and the tags, and moves between the tabs', async ({ page, request }) => {
  const owner = await createAccount(request, { name: 'Olive Owner' });
  const id = await createProject(request, owner, { title: 'Harbour Lights', type: 'album', tags: ['tape'] });
  await page.goto(`/projects/${id}`);
  await signInThroughUi(page, owner);
  await expect(page.getByRole('heading', { name: 'Harbour Lights', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Edit Details' }).click();
  const form = page.getByRole('form', { name: 'Project details' });
  await form.getByLabel('Status').selectOption('mixing');
  await form.getByLabel('Jazz').check();
  await form.getByLabel('Target release date').fill('2026-09-18');
  await form.getByLabel('Record label').fill('Blue Room Records');
  await form.getByLabel('Studio').fill('Studio B');
  await form.getByLabel('Description').fill('Ten songs recorded live to tape.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Project details saved')).toBeVisible();
  await expect(form).toBeHidden();
  const details = page.getByRole('region', { name: 'Details' });
  for (const text of ['Mixing', 'Other, Jazz', 'Sep 18, 2026', 'Blue Room Records', 'Studio B', 'Ten songs'])
    await expect(details).toContainText(text);

  await page.getByLabel('New tag').fill('analog');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByText('analog')).toBeVisible();
  await page.getByRole('button', { name: 'Remove tag tape' }).click();
  await expect(tags.getByText('tape')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Blue Room Records');
  await expect(page.getByRole('list', { name: 'Tags' })).toHaveText(/analog/);

  await page.getByRole('link', { name: 'Tracks' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${id}/tracks$`));
  await page.getByRole('link', { name: 'Files' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${id}/files$`));
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
});

test('a collaborator invited by email, once they accept, sees the project with their permission and cannot delete it', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createAccount(request, { name: 'Olive Owner' });
  const guest = await createAccount(request, { name: 'Gus Guest' });
  const id = await createProject(request, owner, { title: 'Band Record', type: 'album' });
  await page.goto(`/projects/${id}`);
  await signInThroughUi(page, owner);

  const invite = page.getByRole('form', { name: 'Invite a collaborator' });
  await invite.getByLabel('Email').fill(guest.email);
  await invite.getByLabel('Permission').selectOption('edit');
  await invite.getByLabel('Role').fill('Mix engineer');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText(`Invitation sent to ${guest.email}`)).toBeVisible();
  await acceptInvitationTo(request, guest, id);
  await page.reload();
  const people = page.getByRole('list', { name: 'People on this project' });
  await expect(people).toContainText('Gus Guest');
  await expect(page.getByLabel('Permission of Gus Guest')).toHaveValue('edit');
  await expect(page.getByLabel('Role of Gus Guest')).toHaveValue('Mix engineer');
  await expectAccessible(page);

  // The guest, in their own browser.
  const guestPage = await signedInPage(browser, guest, '/projects');
  const card = guestPage.getByRole('article').filter({ hasText: 'Band Record' });
  await expect(card).toContainText('Can edit');
  await card.getByRole('link', { name: 'View Band Record' }).click();
  await expect(guestPage.getByText('Shared by Olive Owner · you can edit')).toBeVisible();
  await expect(guestPage.getByRole('button', { name: 'Edit Details' })).toBeVisible();
  await expect(guestPage.getByRole('button', { name: 'Delete Project' })).toHaveCount(0);
  await expect(guestPage.getByRole('form', { name: 'Invite a collaborator' })).toHaveCount(0);

  // Delete is offered on every card; for a collaborator it fails and the dialog stays open.
  await guestPage.getByRole('link', { name: 'Projects' }).first().click();
  await card.getByRole('button', { name: 'Delete Band Record' }).click();
  const confirm = guestPage.getByRole('alertdialog', { name: 'Delete project?' });
  await confirm.getByRole('button', { name: 'Delete Project' }).click();
  await expect(confirm.getByText('Failed to delete project')).toBeVisible();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();

  // The owner makes it view-only: the guest no longer sees the editing controls.
  await page.getByLabel('Permission of Gus Guest').selectOption('view');
  await expect(page.getByLabel('Permission of Gus Guest')).toHaveValue('view');
  await guestPage.goto(`/projects/${id}`);
  await expect(guestPage.getByText('Shared by Olive Owner · view only')).toBeVisible();
  await expect(guestPage.getByRole('button', { name: 'Edit Details' })).toHaveCount(0);

  // Removed, the project is gone for the guest.
  await page.getByRole('button', { name: 'Remove Gus Guest' }).click();
  await expect(people).not.toContainText('Gus Guest');
  await guestPage.reload();
  await expect(guestPage.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await guestPage.context().close();
});
