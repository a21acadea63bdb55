// What a new user trips on (issue #32), in the browser: an older verification link after Resend, the share
// link's required Label, a toast lying over the next dialog's button, and Auto-Populate's raw statuses.
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { tokenOf } from './account-helpers.ts';
import { generate, openDocuments, openForm, party, screenshots } from './documents-fixtures.ts';
import { E2E_DATA_DIR } from './env.ts';
import { type Account, createAccount, expectAccessible, newEmail, PASSWORD } from './fixtures.ts';
import { createProject } from './media-fixtures.ts';
import { openAs } from './review-fixtures.ts';

/** Every verification link mailed to an address, oldest first. */
function verificationLinks(to: string): string[] {
  const db = new Database(path.join(E2E_DATA_DIR, 'mixdesk.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "select text_body from mail_outbox where to_address = ? and kind = 'verify_email' order by created_at, id",
      )
      .all(to) as { text_body: string }[];
    return rows.map((r) => r.text_body.match(/https?:\/\/\S+/)?.[0] ?? '');
  } finally {
    db.close();
  }
}

test('after Resend, the first verification link says a newer one replaced it; the newest verifies', async ({
  page,
}) => {
  const email = newEmail('resend');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Name').fill('Ada Producer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect.poll(() => verificationLinks(email).length).toBe(1);
  await page.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(page.getByText('Verification email sent!')).toBeVisible();
  await expect.poll(() => verificationLinks(email).length).toBe(2);
  const [first, newest] = verificationLinks(email);

  await page.goto(first!);
  await expect(page.getByRole('heading', { name: "We couldn't verify your email" })).toBeVisible();
  await expect(
    page.getByText('This verification link was replaced by a newer one: use the link in the latest email.'),
  ).toBeVisible();
  await expect(page.getByText('has already been used')).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'ux-verify-replaced');

  await page.goto(newest!);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Projects' }).first()).toBeVisible();
});

test("the share link's Label is marked required, and a greyed-out Create Link says why", async ({
  browser,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Paula Producer' });
  const projectId = await createProject(request, owner, 'Night Shift LP');
  const page = await openAs(browser, owner, `/projects/${projectId}/share`);
  await page.getByRole('button', { name: 'New share link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New share link' });
  const label = dialog.getByLabel('Label', { exact: true });
  const create = dialog.getByRole('button', { name: 'Create Link' });

  await expect(label).toHaveAttribute('aria-required', 'true');
  // The marker is seen (an asterisk beside the label) and said (the hint), not only announced.
  await expect(dialog.locator('label', { hasText: 'Label' }).first().locator('xpath=..')).toHaveText(
    'Label*',
  );
  await expect(label).toHaveAccessibleDescription(/^Required\./);
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription('Add a label to create the link.');
  await expect(dialog.getByText('Add a label to create the link.')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'ux-share-new-link', dialog);

  await label.fill('Label A&R, first listen');
  await expect(create).toBeEnabled();
  await expect(dialog.getByText('Add a label to create the link.')).toHaveCount(0);
  // Only spaces is no label either.
  await label.fill('   ');
  await expect(create).toBeDisabled();
});

/** A project of `owner`'s in a given status, made through the API. */
async function projectInStatus(request: APIRequestContext, owner: Account, title: string, status: string) {
  const res = await request.post('/api/projects', {
    data: { title, type: 'single', status, metadata: { genre: 'soul' } },
    headers: { authorization: `Bearer ${await tokenOf(request, owner)}` },
  });
  expect(res.status()).toBe(201);
}

/** A producer contract filled from `project` by Auto-Populate and generated through the form. */
async function generateFromProject(page: Page, project: string) {
  const dialog = await openForm(page, 'Producer Contract');
  await dialog.getByRole('button', { name: 'Auto-Populate' }).click();
  const chooser = page.getByRole('dialog', { name: 'Auto-Populate from a Project' });
  await chooser.getByRole('button', { name: new RegExp(project) }).click();
  await expect(chooser).toBeHidden();
  await party(dialog, 'Secondary').getByLabel('Name').fill('Jonas Berg');
  await party(dialog, 'Secondary').getByLabel('Email').fill('jonas@northline.se');
  await dialog.getByRole('textbox', { name: 'Deliverable 1' }).fill('Stereo master');
  await dialog.getByLabel('Budget (USD)').fill('2500');
  await generate(page, dialog);
}

/** Whether `target` is what a pointer meets at its centre and near each corner (nothing lies over it). */
const onTop = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 3, r.top + 3],
      [r.right - 3, r.top + 3],
      [r.left + 3, r.bottom - 3],
      [r.right - 3, r.bottom - 3],
    ];
    return points.every(([x, y]) => el.contains(document.elementFromPoint(x!, y!)));
  });

for (const width of [1280, 390]) {
  test(`at ${width} px the success toast does not cover the next dialog's Generate Document`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    const owner = await createAccount(request, { name: 'Nia Cole' });
    await projectInStatus(request, owner, 'Night Drive', 'mixing');
    await openDocuments(page, owner);
    await generateFromProject(page, 'Night Drive');

    // At once, while the toast still shows, the next document.
    // By its markup: an open dialog hides the rest of the page from the accessibility tree, toasts included.
    const toast = page
      .locator('section[aria-label="Notifications"]')
      .getByText('Document generated successfully!');
    await expect(toast).toBeVisible();
    // A template makes the dialog as tall as the window, its buttons at the bottom, where toasts show.
    const dialog = await openForm(page, 'Producer Contract');
    const button = dialog.getByRole('button', { name: 'Generate Document' });
    await expect(button).toBeVisible();
    expect(await onTop(button)).toBe(true);
    // The toast was there meanwhile (under the dialog's backdrop), so nothing was checked after it had gone.
    await expect(toast).toBeAttached();
    await page.screenshot({ path: `/tmp/shots/ux-toast-under-dialog-${width}.png` });
    // A click that waits for nothing over the button: with the toast on top it would wait out the toast.
    await button.click({ timeout: 1_500 });
    // The click reached the form: the empty form is refused field by field.
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
  });
}

test('Auto-Populate lists each project with its status as the projects list names it', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Nia Cole' });
  await projectInStatus(request, owner, 'Night Drive', 'in_progress');
  await projectInStatus(request, owner, 'Paper Boats', 'planning');
  await openDocuments(page, owner);
  const dialog = await openForm(page, 'Producer Contract');
  await dialog.getByRole('button', { name: 'Auto-Populate' }).click();
  const chooser = page.getByRole('dialog', { name: 'Auto-Populate from a Project' });
  const drive = chooser.getByRole('button', { name: /Night Drive/ });
  await expect(drive.getByText('In progress', { exact: true })).toBeVisible();
  await expect(
    chooser.getByRole('button', { name: /Paper Boats/ }).getByText('Planning', { exact: true }),
  ).toBeVisible();
  await expect(chooser.getByText(/\bin progress\b|in_progress|\bplanning\b/)).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'ux-auto-populate', chooser);
});
