// The dashboard (/) as a producer opens it every morning: the greeting, the four stat cards counted from what
// they made, Recent Projects and Recent Activity leading where they say, the quick actions opening the forms,
// the storage levels, and a failed load with Retry.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInTo, tokenOf } from './account-helpers.ts';
import { generateContract } from './documents-fixtures.ts';
import { type Account, createAccount, expectAccessible } from './fixtures.ts';
import { addMember } from './invitation-helpers.ts';

const SHOTS = '/tmp/shots';

/** A stat card, and the figure on it. */
const card = (page: Page, label: string) =>
  page
    .getByLabel('Your figures')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
const figure = (page: Page, label: string) => card(page, label).locator('dd').first();

const region = (page: Page, name: string) => page.getByRole('region', { name });

/** Full-page pictures at 1280×800 and 390×844, in the dark (default) and the light theme, to look at. */
async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function api(request: APIRequestContext, account: Account) {
  const token = await tokenOf(request, account);
  const headers = { authorization: `Bearer ${token}` };
  return {
    async project(data: { title: string; status: string }) {
      const res = await request.post('/api/projects', { data, headers });
      expect(res.status()).toBe(201);
      return (await res.json()).data.project._id as string;
    },
    async track(projectId: string, title: string) {
      const res = await request.post(`/api/projects/${projectId}/tracks`, { data: { title }, headers });
      expect(res.status()).toBe(201);
    },
    async collaborator(projectId: string, person: Account) {
      await addMember(request, token, projectId, person, { permission: 'edit', role: 'Engineer' });
    },
  };
}

test('a fresh user is greeted by name and sees zeros and the empty states', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Ana Ortiz' });
  await signInTo(page, account, '/');

  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Good (morning|afternoon|evening), Ana$/);
  await expect(page).toHaveTitle('Dashboard · Mixdesk');
  const clock = page.locator('main header time');
  await expect(clock).toContainText(String(new Date().getFullYear()));
  await expect(clock).toContainText(/\d{1,2}:\d{2}/);

  for (const label of ['Active Projects', 'Total Tracks', 'Collaborators']) {
    await expect(figure(page, label)).toHaveText('0');
  }
  await expect(figure(page, 'Storage Used')).toHaveText('0 B');
  await expect(card(page, 'Storage Used')).toContainText('0% of limit');

  const projects = region(page, 'Recent Projects');
  await expect(projects.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await expect(projects.getByRole('link', { name: 'New Project' })).toBeVisible();
  await expect(
    region(page, 'Recent Activity').getByRole('heading', { name: 'Nothing has happened yet' }),
  ).toBeVisible();
  await expectAccessible(page);

  await projects.getByRole('link', { name: 'New Project' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('dialog', { name: 'New Project' })).toBeVisible();
});

test('the cards count what the user made; Recent Projects and Recent Activity lead to it', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { name: 'Ana Ortiz' });
  const calls = await api(request, account);
  const made = [
    // Mixing counts as active; archived does not (SPEC §2: active means not completed, released or archived).
    { title: 'Night Drive', status: 'mixing', active: true, tracks: ['Intro', 'Night Drive'] },
    { title: 'Old Demos', status: 'archived', active: false, tracks: [] },
  ];
  const ids: Record<string, string> = {};
  for (const project of made) {
    ids[project.title] = await calls.project({ title: project.title, status: project.status });
    for (const track of project.tracks) await calls.track(ids[project.title]!, track);
  }
  const engineer = await createAccount(request, { name: 'Rae Moss' });
  await calls.collaborator(ids['Night Drive']!, engineer);

  await signInTo(page, account, '/');
  await expect(figure(page, 'Active Projects')).toHaveText(String(made.filter((p) => p.active).length));
  await expect(figure(page, 'Total Tracks')).toHaveText(String(made.flatMap((p) => p.tracks).length));
  await expect(figure(page, 'Collaborators')).toHaveText('1');
  // Nothing was uploaded.
  await expect(figure(page, 'Storage Used')).toHaveText('0 B');
  await expect(card(page, 'Storage Used')).toContainText('0% of limit');

  const projects = region(page, 'Recent Projects');
  const rows = projects.getByRole('listitem');
  await expect(rows).toHaveCount(made.length);
  for (const { title } of made) {
    await expect(projects.getByRole('link', { name: new RegExp(`^${title}`) })).toHaveAttribute(
      'href',
      `/projects/${ids[title]}`,
    );
  }

  // Each project made, each track added and the collaborator who joined: newest first.
  const activity = region(page, 'Recent Activity').getByRole('listitem');
  await expect(activity).toHaveCount(made.length + made.flatMap((p) => p.tracks).length + 1);
  await expect(activity.first()).toContainText('Rae Moss');
  await expect(activity.first().getByRole('link')).toHaveAttribute('href', `/projects/${ids['Night Drive']}`);
  const trackEntry = activity.filter({ hasText: "'Intro'" }).getByRole('link');
  await expect(trackEntry).toHaveAttribute('href', `/projects/${ids['Night Drive']}/tracks`);
  await expectAccessible(page);

  await screenshots(page, 'dashboard');

  await trackEntry.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${ids['Night Drive']}/tracks$`));
  await page.goBack();
  await projects.getByRole('link', { name: /^Old Demos/ }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${ids['Old Demos']}$`));
  await expect(page.getByRole('heading', { name: 'Old Demos', level: 1 })).toBeVisible();
});

test('Quick Actions open the project and document forms; View All opens the projects list', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInTo(page, account, '/');
  const actions = region(page, 'Quick Actions');
  await expect(actions.getByRole('link')).toHaveCount(2);

  await actions.getByRole('link', { name: /New Project/ }).click();
  await expect(page.getByRole('dialog', { name: 'New Project' })).toBeVisible();
  // The request leaves the address: reloading shows the list without the form.
  await expect(page).toHaveURL(/\/projects$/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  await region(page, 'Quick Actions')
    .getByRole('link', { name: /Generate Docs/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Generate Document' })).toBeVisible();
  await expect(page).toHaveURL(/\/documents$/);
  await page.keyboard.press('Escape');
  await page.goBack();

  await region(page, 'Recent Projects').getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("a document's activity opens its details; an unknown document says it could not be found", async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { name: 'Nia Cole' });
  const doc = await generateContract(
    request,
    account,
    'Harbour Lights Contract',
    { name: 'Nia Cole', email: account.email },
    { name: 'Jonas Berg', email: 'jonas@northline.se' },
  );
  await signInTo(page, account, '/');
  const entry = region(page, 'Recent Activity').getByRole('link', { name: /Harbour Lights Contract/ });
  await expect(entry).toHaveAttribute('href', `/documents?open=${doc._id}`);
  await entry.click();
  await expect(page.getByRole('dialog', { name: 'Harbour Lights Contract' })).toBeVisible();
  await expect(page).toHaveURL(/\/documents$/);

  await page.goto('/documents?open=no-such-document');
  await expect(page.getByRole('alert')).toContainText('The document could not be found');
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Storage Used turns amber near the limit and red at it, saying so in words', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  let share = 0.85;
  // The real answer, with the bytes used moved towards the quota (uploading gigabytes is not the point here).
  await page.route('**/api/dashboard', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.stats.storageUsedBytes = Math.round(body.data.stats.storageQuotaBytes * share);
    await route.fulfill({ response, json: body });
  });
  await signInTo(page, account, '/');
  const storage = card(page, 'Storage Used');
  await expect(storage).toContainText('85% of limit');
  await expect(storage).toContainText('Running low');
  await expectAccessible(page);
  await screenshots(page, 'dashboard-storage-warning');

  share = 0.97;
  await page.reload();
  await expect(storage).toContainText('97% of limit');
  await expect(storage).toContainText('Almost full');
  await expectAccessible(page);
  await screenshots(page, 'dashboard-storage-danger');
});

test('a failed load shows the reason, and Retry loads the dashboard', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.route('**/api/dashboard', (route) =>
    route.fulfill({
      status: 403,
      json: { success: false, message: 'The dashboard is not open to you', error: { code: 'FORBIDDEN' } },
    }),
  );
  await signInTo(page, account, '/');
  const alert = page.getByRole('alert').filter({ hasText: "Couldn't load your dashboard" });
  await expect(alert).toContainText('The dashboard is not open to you');
  await expect(page.getByLabel('Your figures')).toHaveCount(0);
  await expect(region(page, 'Quick Actions')).toBeVisible();
  await expectAccessible(page);

  await page.unroute('**/api/dashboard');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(figure(page, 'Active Projects')).toHaveText('0');
  await expect(alert).toBeHidden();
});
