// The projects list (/projects) as a producer uses it: pages, filters, search, demo mode, and the project form
// and delete dialog.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { screenshots } from './documents-fixtures.ts';
import { type Account, createAccount, expectAccessible, signInThroughUi } from './fixtures.ts';

/** How long the list waits after the last keystroke before it searches (FILTER_DEBOUNCE_MS in the web app). */
const SEARCH_WAIT_MS = 500;

async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token;
}

async function seedProjects(request: APIRequestContext, account: Account, projects: object[]) {
  const token = await tokenOf(request, account);
  for (const data of projects) {
    const res = await request.post('/api/projects', { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(201);
  }
}

async function openProjects(page: Page, account: Account) {
  await page.goto('/projects');
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(/\/projects$/);
}

const cards = (page: Page) => page.getByRole('article');

test('13 or more projects get pages; the first holds 12, newest first', async ({ page, request }) => {
  const account = await createAccount(request);
  await seedProjects(
    request,
    account,
    Array.from({ length: 14 }, (_, i) => ({ title: `Session ${String(i + 1).padStart(2, '0')}` })),
  );
  await openProjects(page, account);
  await expect(page.getByText('14 projects')).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first()).toContainText('Session 14');
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText('Session 02');
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Page 1' }).click();
  await expect(cards(page)).toHaveCount(12);
});

test('each filter and the search narrow the list; the search waits for the typing to stop', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await seedProjects(request, account, [
    {
      title: 'Harbour Lights',
      type: 'album',
      status: 'recording',
      metadata: { genre: 'jazz' },
      tags: ['tape'],
    },
    { title: 'Neon Rain', type: 'single', status: 'mixing', metadata: { genre: 'electronic' } },
    {
      title: 'Dust Roads',
      type: 'ep',
      status: 'mixing',
      metadata: { genre: 'country' },
      description: 'Harmonica',
    },
  ]);
  // The page's clock is controlled, so "the typing stopped" is the test's to say: on a slow machine a real
  // keystroke can take longer than the wait itself (a clean-clone run sent a search for "h").
  await page.clock.install();
  await openProjects(page, account);
  await expect(cards(page)).toHaveCount(3);

  await page.getByLabel('Type').selectOption('album');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Harbour Lights');
  await page.getByLabel('Type').selectOption('');
  await page.getByLabel('Status').selectOption('mixing');
  await expect(cards(page)).toHaveCount(2);
  await page.getByLabel('Genre').selectOption('country');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Dust Roads');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(cards(page)).toHaveCount(3);

  // Typing one letter at a time sends one search, for the whole word, once the typing stops.
  const searches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/projects' && url.searchParams.has('search'))
      searches.push(url.searchParams.get('search') ?? '');
  });
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByLabel('Search projects').pressSequentially('harmo', { delay: 60 });
  // Nothing is sent until the typing has stopped for the whole wait, then one search for the whole word.
  await page.clock.runFor(SEARCH_WAIT_MS - 100);
  await expect(cards(page)).toHaveCount(3);
  expect(searches).toEqual([]);
  await page.clock.runFor(200);
  // Time flows again (the list's data layer schedules its own timers), with no keystroke left to send.
  await page.clock.resume();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Dust Roads');
  expect(searches).toEqual(['harmo']);

  await page.getByLabel('Search projects').fill('nothing like this');
  await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Your First Project' })).toBeVisible();
});

test('create, edit and delete a project through the form and the dialog', async ({ page, request }) => {
  const account = await createAccount(request);
  await seedProjects(request, account, [{ title: 'Existing' }]);
  await openProjects(page, account);
  await expect(page.getByText('1 project', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'New Project' }).click();
  const form = page.getByRole('dialog', { name: 'New Project' });
  const create = form.getByRole('button', { name: 'Create Project' });
  await expect(create).toBeDisabled();
  await form.getByLabel('Title').fill('x'.repeat(201));
  await create.click();
  await expect(form.getByText('Title must be less than 200 characters')).toBeVisible();
  await form.getByLabel('Title').fill('  Night Drive  ');
  await expect(form.getByText('Title must be less than 200 characters')).toHaveCount(0);
  await form.getByLabel('Description').fill('Synth single for the autumn.');
  await form.getByLabel('Type').selectOption('remix');
  await form.getByLabel('Genre').selectOption('electronic');
  await expectAccessible(page);
  await create.click();
  await expect(form).toBeHidden();
  await expect(cards(page).first()).toContainText('Night Drive');
  await expect(cards(page).first()).toContainText('Remix');
  await expect(cards(page).first()).toContainText('Electronic');
  await expect(page.getByText('2 projects')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Night Drive' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Project' });
  await expect(edit.getByLabel('Title')).toHaveValue('Night Drive');
  await edit.getByLabel('Title').fill('Night Drive (Extended)');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(cards(page).first()).toContainText('Night Drive (Extended)');

  await page.getByRole('button', { name: 'Delete Existing' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete project?' });
  await expect(confirm).toContainText('Existing');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Existing' }).click();
  await confirm.getByRole('button', { name: 'Delete Project' }).click();
  await expect(confirm).toBeHidden();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByText('1 project', { exact: true })).toBeVisible();
  await page.reload();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Night Drive (Extended)');
});

test('the open-new-project-form event opens the form', async ({ page, request }) => {
  const account = await createAccount(request);
  await openProjects(page, account);
  await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('open-new-project-form')));
  await expect(page.getByRole('dialog', { name: 'New Project' })).toBeVisible();
});

test('with no stored token the list shows demo mode with three sample projects', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await openProjects(page, account);
  await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.reload();
  await expect(page.getByText('Demo mode: these are sample projects, not yours')).toBeVisible();
  await expect(page.getByText('3 sample projects')).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  await expectAccessible(page);

  // Issue #32: every sample says it is one, is named as one, and opens nothing (there is no page behind it).
  for (const card of await cards(page).all()) {
    await expect(card.getByText('Sample', { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(/^Sample /);
    await expect(card.getByRole('link')).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^View / })).toBeDisabled();
    await expect(card.getByRole('button', { name: /^View / })).toHaveAccessibleDescription(
      'Sample: nothing to open',
    );
  }
  await expect(page.locator('a[href^="/projects/demo-"]')).toHaveCount(0);
  await screenshots(page, 'ux-demo-projects');

  // Demo changes stay on this page.
  await page.getByRole('button', { name: 'New Project' }).click();
  await page.getByRole('dialog', { name: 'New Project' }).getByLabel('Title').fill('Local sketch');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(cards(page).first()).toContainText('Local sketch');
  await expect(page.getByText('4 sample projects')).toBeVisible();
  await page.getByLabel('Type').selectOption('album');
  await expect(cards(page)).toHaveCount(1);

  // The banner's way out: signing in again stores a token and brings back the real (empty) list.
  await page.getByRole('button', { name: 'Sign In Again' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  await expect(page.getByText(/sample project/)).toHaveCount(0);
});
