// /profile as a user meets it: the header, stats and four tabs, edit mode (cancel, save, a failed save), the
// avatar, and the Profile Error page.
import { expect, type Page, test } from '@playwright/test';
import { PNG, screenshots, signInTo } from './account-helpers.ts';
import { createAccount, expectAccessible } from './fixtures.ts';
import { screenshots as shotsIn } from './media-fixtures.ts';

const header = (page: Page) => page.locator('main section').first();

test('view: header, stats, empty texts and every tab', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Nina Keys' });
  await signInTo(page, account, '/profile');
  await expect(header(page).getByRole('heading', { name: 'Nina Keys' })).toBeVisible();
  await expect(header(page).getByText(account.email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  const stats: [string, string][] = [
    ['Projects', '0'],
    ['Tracks', '0'],
    ['Collaborations', '0'],
    ['Member Since', String(new Date().getFullYear())],
  ];
  for (const [label, value] of stats) {
    const stat = page.locator('dl').filter({ has: page.getByText(label, { exact: true }) });
    await expect(stat.getByRole('definition')).toHaveText(value);
  }

  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Music Industry Profile' })).toBeVisible();
  await expect(page.getByText('Not provided')).toHaveCount(2);
  await expect(page.getByText('No bio provided')).toBeVisible();
  await expect(page.getByText('Not specified')).toHaveCount(2);
  await expect(page.getByText('No genres specified')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'profile-view');

  await page.getByRole('tab', { name: 'Settings' }).click();
  for (const name of [
    'Email Notifications',
    'Project Updates',
    'Collaboration Invites',
    'Marketing Emails',
  ]) {
    await expect(page.getByRole('switch', { name })).toBeDisabled();
  }
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Marketing Emails' })).not.toBeChecked();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByText('Anyone can view')).toBeVisible();
  await expect(page.getByText('Collaborators Only')).toBeVisible();
  await expect(page.getByText('Only you')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Collaborators/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Public/ })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Show Email' })).toBeDisabled();
  await expectAccessible(page);
  await screenshots(page, 'profile-privacy');

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable 2FA' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Account' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'profile-security');
});

test('edit, then cancel: the stored profile comes back and edit mode ends', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Cancel Me' });
  await signInTo(page, account, '/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Full Name').fill('Somebody Else');
  await page.getByLabel('Bio').fill('A draft that will be thrown away');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('switch', { name: 'Marketing Emails' }).click();
  await expect(page.getByRole('switch', { name: 'Marketing Emails' })).toBeChecked();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Marketing Emails' })).not.toBeChecked();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(header(page).getByRole('heading', { name: 'Cancel Me' })).toBeVisible();
  await expect(page.getByText('No bio provided')).toBeVisible();
});

test('edit and save every kind of field; it is all there after a reload', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Save Me' });
  await signInTo(page, account, '/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByLabel('Full Name').fill('Marvin Mix');
  await page.getByLabel('Phone').fill('+1 (615) 555-0142');
  await page.getByLabel('Location').fill('Nashville, TN, USA');
  await page.getByLabel('Bio').fill('Mixing engineer. Analog summing, late nights.');
  await page.getByLabel('Profession').selectOption('Mixing Engineer');
  await page.getByLabel('Experience Level').selectOption('Professional (5-10 years)');
  await page.getByRole('checkbox', { name: 'Soul' }).click();
  await page.getByRole('checkbox', { name: 'Drum & Bass' }).click();
  await screenshots(page, 'profile-edit');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('switch', { name: 'Project Updates' }).click();
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await page.getByRole('radio', { name: /Public/ }).click();
  await page.getByRole('switch', { name: 'Show Email' }).click();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Show Email' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Show Email' })).toBeDisabled();

  // The open tab is part of the address, so a reload comes back to it.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(header(page).getByRole('heading', { name: 'Marvin Mix' })).toBeVisible();
  await expect(header(page).getByText('Mixing Engineer')).toBeVisible();
  await expect(header(page).getByText('Nashville, TN, USA')).toBeVisible();
  await expect(page.getByText('+1 (615) 555-0142')).toBeVisible();
  await expect(page.getByText('Analog summing, late nights.')).toBeVisible();
  await expect(page.getByText('Professional (5-10 years)')).toBeVisible();
  await expect(page.getByText('Soul', { exact: true })).toBeVisible();
  await expect(page.getByText('Drum & Bass', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: 'Project Updates' })).not.toBeChecked();
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByRole('radio', { name: /Public/ })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Show Email' })).toBeChecked();
  // The user menu follows the new name.
  await expect(page.getByRole('button', { name: 'Account menu for Marvin Mix' })).toBeVisible();
});

test('a failed save stays in edit mode, keeps the draft and shows the error', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Fail Safe' });
  await signInTo(page, account, '/profile');
  await page.route('**/api/auth/profile', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            message: 'The database is busy. Try again.',
            error: { code: 'SERVICE_UNAVAILABLE' },
          }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Location').fill('Lagos, Nigeria');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('The database is busy. Try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  await expect(page.getByLabel('Location')).toHaveValue('Lagos, Nigeria');
  await expectAccessible(page);
  await screenshots(page, 'profile-failed-save');

  // A field the server refuses is refused here first, with its message.
  await page.getByLabel('Phone').fill('call me maybe');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Phone may contain only digits, spaces and + ( ) - .').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
});

test('upload an avatar, see it in the header and the user menu, then remove it', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { name: 'Pixel Pat' });
  await signInTo(page, account, '/profile');
  await page
    .getByLabel('Profile photo file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Profile photo updated')).toBeVisible();
  await expect(header(page).locator('img')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Pixel Pat' }).locator('img')).toBeVisible();

  await page.getByLabel('Profile photo file').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await expect(page.getByText('The avatar must be a PNG, JPEG or WebP image')).toBeVisible();

  await page.getByRole('button', { name: 'Change profile photo' }).click();
  await page.getByRole('menuitem', { name: 'Remove photo' }).click();
  await expect(page.getByText('Profile photo removed')).toBeVisible();
  await expect(header(page).locator('img')).toHaveCount(0);
  await expect(header(page).getByText('P', { exact: true })).toBeVisible();
});

test('a profile that cannot load shows Profile Error, and Try Again recovers', async ({ page, request }) => {
  const account = await createAccount(request);
  let fail = true;
  await page.route('**/api/auth/profile', (route) =>
    fail && route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            message: 'Profile store offline',
            error: { code: 'INTERNAL' },
          }),
        })
      : route.continue(),
  );
  await signInTo(page, account, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile Error' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Profile store offline')).toBeVisible();
  await expectAccessible(page);
  fail = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
});

test('in edit mode the Email field reads as read-only, with a note why', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Rhea Readonly' });
  await signInTo(page, account, '/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.getByText('Your sign-in address; it cannot be changed here.')).toBeVisible();
  // It does not look like the editable fields around it: no input box of its own, muted text.
  const look = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const style = getComputedStyle(el);
      return { border: style.borderTopStyle, background: style.backgroundColor, color: style.color };
    });
  const readOnly = await look('input[readonly]');
  const editable = await look('input[autocomplete="name"]');
  expect(readOnly.border).not.toBe(editable.border);
  expect(readOnly.background).not.toBe(editable.background);
  expect(readOnly.color).not.toBe(editable.color);
  await shotsIn(page, 'profile-edit-email', '/tmp/shots-newuser');
});
