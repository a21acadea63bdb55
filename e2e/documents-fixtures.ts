// Shared set-up for the documents browser tests: a project with a collaborator made through the API, the
// screen opened after signing in, locators for the cards, stats tiles and the form, and screenshots to look at.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { tokenOf } from './account-helpers.ts';
import { type Account, createAccount, signInThroughUi } from './fixtures.ts';

/** A project owned by `account` with one collaborator (a second, real account). */
export async function createProjectWithCollaborator(
  request: APIRequestContext,
  account: Account,
  title: string,
): Promise<{ projectId: string; collaborator: Account }> {
  const headers = { authorization: `Bearer ${await tokenOf(request, account)}` };
  const created = await request.post('/api/projects', {
    data: { title, type: 'single', description: 'Late-night sessions', metadata: { genre: 'soul' } },
    headers,
  });
  expect(created.status()).toBe(201);
  const projectId = (await created.json()).data.project._id as string;
  const collaborator = await createAccount(request, { name: 'Rae Moss' });
  const added = await request.post(`/api/projects/${projectId}/collaborators`, {
    data: { email: collaborator.email, permission: 'edit', role: 'Vocalist' },
    headers,
  });
  expect(added.ok()).toBe(true);
  return { projectId, collaborator };
}

export async function openDocuments(page: Page, account: Account) {
  await page.goto('/documents');
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
}

export const cards = (page: Page) => page.getByRole('region', { name: 'Documents' }).getByRole('article');
export const card = (page: Page, title: string) => cards(page).filter({ hasText: title });

/** The number on a stats tile. */
export const tile = (page: Page, label: string) =>
  page
    .getByLabel('Document stats')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

export const form = (page: Page) => page.getByRole('dialog', { name: 'Generate Document' });
export const party = (dialog: Locator, role: 'Primary' | 'Secondary') =>
  dialog.getByRole('group', { name: `${role} party` });

export async function openForm(page: Page, template?: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Generate Document' }).first().click();
  const dialog = form(page);
  await expect(dialog).toBeVisible();
  if (template) await dialog.getByLabel('Template').selectOption({ label: template });
  return dialog;
}

export async function fillParties(dialog: Locator, primary: [string, string], secondary: [string, string]) {
  await party(dialog, 'Primary').getByLabel('Name').fill(primary[0]);
  await party(dialog, 'Primary').getByLabel('Email').fill(primary[1]);
  await party(dialog, 'Secondary').getByLabel('Name').fill(secondary[0]);
  await party(dialog, 'Secondary').getByLabel('Email').fill(secondary[1]);
}

/** Submits the form and waits for the alert and the closed dialog. */
export async function generate(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Generate Document' }).click();
  await expect(page.getByText('Document generated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

const SHOTS = '/tmp/shots';

/**
 * Screenshots at 1280 px and 390 px wide in the default dark theme, to look at: the whole page, or an open
 * dialog with all of its scrolling content.
 */
export async function screenshots(page: Page, name: string, dialog?: Locator): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const file = path.join(SHOTS, `${name}-${width}.png`);
    if (dialog) {
      // A dialog scrolls inside itself: stretch the viewport to its content so one picture holds all of it.
      const scroller = dialog.locator('.overflow-y-auto').first();
      const height = await scroller.evaluate((el) => el.scrollHeight);
      await page.setViewportSize({ width, height: Math.min(6000, height + 260) });
      await page.screenshot({ path: file });
    } else await page.screenshot({ path: file, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
  await page.emulateMedia({ colorScheme: null });
}
