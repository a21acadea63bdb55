// Account security from the Profile screen's Security tab: change password, two-factor sign-in with a code from
// an authenticator app (computed here with otpauth), and deleting the account.
import { expect, type Page, test } from '@playwright/test';
import { countRows, screenshots, signInTo, tokenOf, totp } from './account-helpers.ts';
import { createAccount, expectAccessible, signInThroughUi } from './fixtures.ts';

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test('change password: the new one works, the old one fails, other sessions end', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const otherDevice = await tokenOf(request, account);
  await signInTo(page, account, '/profile?tab=security');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current password').fill('Not-my-password-1');
  await dialog.getByLabel('New password', { exact: true }).fill('weak');
  await expect(dialog.getByText('Very Weak')).toBeVisible();
  const fresh = 'Brand-New-Mix-2027!';
  await dialog.getByLabel('New password', { exact: true }).fill(fresh);
  await expect(dialog.getByText('Strong')).toBeVisible();
  await dialog.getByLabel('Confirm new password').fill('Brand-New-Mix-2028!');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await dialog.getByLabel('Confirm new password').fill(fresh);
  await expectAccessible(page);
  await screenshots(page, 'security-change-password');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Current password is incorrect').first()).toBeVisible();

  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  // Registering and the API sign-in above are both other sessions of this account.
  await expect(page.getByText('Password changed. 2 other sessions were signed out.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const stale = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${otherDevice}` } });
  expect(stale.status()).toBe(401);

  await signOut(page);
  await signInThroughUi(page, account);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/);
});

test('enable 2FA, then sign in with a code from the authenticator app', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Two Step' });
  await signInTo(page, account, '/profile?tab=security');
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable 2FA' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.locator('code').textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await screenshots(page, 'security-enable-2fa');

  await dialog.getByLabel('Authentication code').fill('000000');
  await dialog.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(dialog.getByText(/That code is not valid/)).toBeVisible();
  await dialog.getByLabel('Authentication code').fill(totp(secret));
  await dialog.getByRole('button', { name: 'Verify and enable' }).click();

  const done = page.getByRole('dialog', { name: 'Two-factor authentication is on' });
  const codes = done.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!;
  const spare = (await codes.nth(1).textContent())!;
  await screenshots(page, 'security-recovery-codes');
  await done.getByRole('button', { name: "I've saved my codes" }).click();
  await expect(page.getByRole('button', { name: 'Disable 2FA' })).toBeVisible();

  // Signing in now asks for a code; the next step's code (the current one was just used) lets us in.
  await signOut(page);
  await signInThroughUi(page, account);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'security-2fa-sign-in');
  await page.getByLabel('Authentication code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/not valid|already been used/)).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Account menu for Two Step' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/);

  // A recovery code works once as well.
  await signOut(page);
  await signInThroughUi(page, account);
  await page.getByLabel('Authentication code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Account menu for Two Step' })).toBeVisible();

  // Turning it off needs the password and a code.
  await page.goto('/profile?tab=security');
  await page.getByRole('button', { name: 'Disable 2FA' }).click();
  const off = page.getByRole('dialog', { name: 'Disable 2FA' });
  await off.getByLabel('Password').fill(account.password);
  await off.getByLabel('Authentication or recovery code').fill(recovery);
  await off.getByRole('button', { name: 'Disable 2FA' }).click();
  await expect(off.getByText('That recovery code has already been used.')).toBeVisible();
  await off.getByLabel('Authentication or recovery code').fill(spare);
  await off.getByRole('button', { name: 'Disable 2FA' }).click();
  await expect(page.getByText('Two-factor authentication is off')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable 2FA' })).toBeVisible();
});

test('delete account: confirm with email and password; the user and their data are gone', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { name: 'Leaving Soon' });
  const token = await tokenOf(request, account);
  const created = await request.post('/api/projects', {
    data: { title: 'Farewell EP' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  const userId = (
    await (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).json()
  ).user._id as string;
  expect(countRows('select count(*) as n from projects where owner_id = ?', userId)).toBe(1);

  await signInTo(page, account, '/profile?tab=security');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Account' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(account.email);
  await dialog.getByLabel('Password').fill('Wrong-Password-1');
  await expectAccessible(page);
  await screenshots(page, 'security-delete-account');
  await confirm.click();
  await expect(dialog.getByText('The password is incorrect')).toBeVisible();
  expect(countRows('select count(*) as n from users where id = ?', userId)).toBe(1);

  await dialog.getByLabel('Password').fill(account.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your account and everything in it have been deleted.')).toBeVisible();

  expect(countRows('select count(*) as n from users where id = ?', userId)).toBe(0);
  expect(countRows('select count(*) as n from projects where owner_id = ?', userId)).toBe(0);
  expect(countRows('select count(*) as n from auth_sessions where user_id = ?', userId)).toBe(0);
  await signInThroughUi(page, account);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
