// /settings: the four cards of SPEC §2, each with Configure and Save Changes doing real work: the profile editor,
// the notification toggles, sessions (sign out another device) and 2FA status, the data export and Delete Account.
import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { screenshots, signInTo, tokenOf } from './account-helpers.ts';
import { createAccount, expectAccessible } from './fixtures.ts';

const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('four cards, each with Configure and Save Changes', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Settings Sam' });
  await signInTo(page, account, '/settings');
  for (const title of ['Profile', 'Notifications', 'Security', 'Data Management']) {
    const c = card(page, title);
    await expect(c.getByRole('button', { name: 'Configure' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  }
  await expect(card(page, 'Security').getByText('Two-factor authentication')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'settings');
  for (const title of ['Profile', 'Notifications', 'Security', 'Data Management']) {
    await card(page, title).getByRole('button', { name: 'Configure' }).click();
  }
  await expect(card(page, 'Security').getByRole('list', { name: 'Active sessions' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'settings-open');
});

test('Profile: Configure opens the editor and Save Changes saves it', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Old Name' });
  await signInTo(page, account, '/settings');
  const profile = card(page, 'Profile');
  await profile.getByRole('button', { name: 'Configure' }).click();
  await profile.getByLabel('Full Name').fill('New Name');
  await profile.getByLabel('Profession').selectOption('Producer');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Account menu for New Name' })).toBeVisible();

  await profile.getByRole('link', { name: 'Open the full profile editor' }).click();
  await expect(page).toHaveURL(/\/profile\?edit=1$/);
  // The URL changes before the lazily loaded profile screen replaces this one: wait for the settings cards to go,
  // so the checks below read the profile editor, not the settings card's own Full Name and Save Changes.
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  await expect(card(page, 'Notifications')).toHaveCount(0);
  await expect(page.getByLabel('Full Name')).toHaveValue('New Name');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
});

test('Notifications: the toggles save, and the Profile Settings tab shows the same values', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInTo(page, account, '/settings');
  const notifications = card(page, 'Notifications');
  await notifications.getByRole('button', { name: 'Configure' }).click();
  await notifications.getByRole('switch', { name: 'Marketing Emails' }).click();
  await notifications.getByRole('switch', { name: 'Collaboration Invites' }).click();
  await notifications.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(
    notifications.getByText('3 of 4 on: Email Notifications, Project Updates, Marketing Emails.'),
  ).toBeVisible();

  await page.goto('/profile?tab=settings');
  await expect(page.getByRole('switch', { name: 'Marketing Emails' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Collaboration Invites' })).not.toBeChecked();
});

test('Security: sign out another session; it can no longer call the API', async ({ page, request }) => {
  const account = await createAccount(request);
  const phone = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1',
    },
  });
  const phoneToken = (await phone.json()).data.token as string;
  await signInTo(page, account, '/settings');
  const security = card(page, 'Security');
  await security.getByRole('button', { name: 'Configure' }).click();
  const sessions = security.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
  const iphone = sessions.filter({ hasText: 'Safari on iPhone' });
  await expect(iphone).toBeVisible();
  await iphone.getByRole('button', { name: /^Sign out/ }).click();
  await expect(page.getByText('Session signed out')).toBeVisible();
  await expect(iphone).toHaveCount(0);
  const res = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${phoneToken}` } });
  expect(res.status()).toBe(401);

  // Everything else at once; this device stays signed in.
  await tokenOf(request, account);
  await page.reload();
  await card(page, 'Security').getByRole('button', { name: 'Configure' }).click();
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(page.getByText(/Signed out of \d+ other sessions?/)).toBeVisible();
  await expect(
    card(page, 'Security').getByRole('list', { name: 'Active sessions' }).getByRole('listitem'),
  ).toHaveCount(1);
  await expect(card(page, 'Security').getByText('1 active session')).toBeVisible();
});

test('Security: a device signed out from here is told at once, without reloading', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const account = await createAccount(request);
  // A second browser of the same person (a new context gets the config's options only when given them).
  const laptop = await browser.newContext({ baseURL });
  try {
    const other = await laptop.newPage();
    await signInTo(other, account, '/settings');
    await expect(other.getByText('Live updates connected')).toBeAttached();

    await signInTo(page, account, '/settings');
    await expect(page.getByText('Live updates connected')).toBeAttached();
    await card(page, 'Security').getByRole('button', { name: 'Configure' }).click();
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(page.getByText(/Signed out of \d+ other sessions?/)).toBeVisible();

    // Nobody touches the other device: the server closed its connection, and it says so at once.
    const notice = other.getByRole('alertdialog', { name: 'Session Expired' });
    await expect(notice).toBeVisible();
    await expect(notice.getByText('Your session has expired. Please log in again.')).toBeVisible();
    await expect(other.getByText('Live updates disconnected')).toBeAttached();
    await screenshots(other, 'signed-out-elsewhere');
    await notice.getByRole('button', { name: 'Sign In' }).click();
    await expect(other).toHaveURL(/\/auth$/);
    // This device stays signed in and live.
    await expect(page.getByText('Live updates connected')).toBeAttached();
  } finally {
    await laptop.close();
  }
});

test('Data Management: the export downloads a ZIP with the user data', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Archive Ari' });
  const token = await tokenOf(request, account);
  const created = await request.post('/api/projects', {
    data: { title: 'Export Me EP' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  await signInTo(page, account, '/settings');
  const data = card(page, 'Data Management');
  await data.getByRole('button', { name: 'Configure' }).click();
  const download = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mixdesk-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = await file.path();
  const json = JSON.parse(execFileSync('unzip', ['-p', zipPath, 'export.json']).toString('utf8'));
  expect(json.account).toMatchObject({ name: 'Archive Ari', email: account.email });
  expect(JSON.stringify(json.areas.projects)).toContain('Export Me EP');
  expect(json.profile.totalProjects).toBe(1);

  // The files choice is a saved preference of this device.
  await data.getByRole('checkbox', { name: /Include uploaded files/ }).click();
  await data.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Export preference saved')).toBeVisible();
  await expect(data.getByText(/files left out/)).toBeVisible();

  await data.getByRole('link', { name: 'Delete Account' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete Account' })).toBeVisible();
});
