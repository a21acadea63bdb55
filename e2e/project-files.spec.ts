// The Files tab: add a file in a category and watch its upload reach 100 %, see it counted in its category,
// download exactly what was uploaded, move it, and delete it after confirming.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, signInThroughUi } from './fixtures.ts';
import { createProject, scratchDir, screenshots, writeSineWav } from './media-fixtures.ts';

test('add, download, move and delete project files by category', async ({ page, request }) => {
  const owner = await createAccount(request, { name: 'Fran Files' });
  const projectId = await createProject(request, owner, 'Harbour Sessions');
  const dir = scratchDir();
  const lyricsFile = path.join(dir, 'Harbour Lights lyrics.txt');
  writeFileSync(lyricsFile, 'Verse 1\nThe harbour lights are calling\n'.repeat(200));
  const stem = writeSineWav(dir, 'Kick stem.wav', 2, 55);

  await page.goto(`/projects/${projectId}/files`);
  await signInThroughUi(page, owner);
  await expect(page.getByText('No files yet')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Add to category').selectOption('lyrics');
  await page.getByLabel('Files to add to Lyrics').setInputFiles(lyricsFile);
  const progress = page.getByRole('progressbar', { name: 'Upload of Harbour Lights lyrics.txt' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('100 % · Uploaded')).toBeVisible();
  const table = page.getByRole('table', { name: 'Files' });
  const row = table.getByRole('row', { name: /Harbour Lights lyrics\.txt/ });
  await expect(row).toContainText('Lyrics');
  await expect(row).toContainText('Fran Files');

  await page.getByLabel('Add to category').selectOption('stems');
  await page.getByLabel('Files to add to Stems').setInputFiles(stem);
  await expect(page.getByRole('progressbar', { name: 'Upload of Kick stem.wav' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const categories = page.getByRole('navigation', { name: 'File categories' });
  await expect(categories.getByRole('button', { name: /All files\s*2/ })).toBeVisible();
  await expect(categories.getByRole('button', { name: /Lyrics\s*1/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Project sections' }).locator('..')).toContainText('KB');
  await expectAccessible(page);
  await screenshots(page, 'files');

  // The download is the same bytes, under the name it was uploaded with.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download Harbour Lights lyrics.txt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Harbour Lights lyrics.txt');
  expect(readFileSync((await download.path())!, 'utf8')).toBe(readFileSync(lyricsFile, 'utf8'));

  // Move the stem to References, then show only that category.
  await table.getByRole('button', { name: 'Move Kick stem.wav' }).click();
  await page.getByRole('menuitem', { name: 'References' }).click();
  await expect(page.getByText('Kick stem.wav moved to References')).toBeVisible();
  await categories.getByRole('button', { name: /References\s*1/ }).click();
  await expect(page.getByRole('heading', { name: /References/ })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  // Delete asks first; Cancel keeps the file, Delete File removes it.
  await table.getByRole('button', { name: 'Delete Kick stem.wav' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete file?' });
  await expect(confirm).toContainText('Kick stem.wav');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('row', { name: /Kick stem\.wav/ })).toBeVisible();
  await table.getByRole('button', { name: 'Delete Kick stem.wav' }).click();
  await confirm.getByRole('button', { name: 'Delete File' }).click();
  await expect(page.getByText('Kick stem.wav was deleted')).toBeVisible();
  await expect(page.getByText('No files in References')).toBeVisible();
  await categories.getByRole('button', { name: /All files\s*1/ }).click();
  await expect(table.getByRole('row', { name: /Harbour Lights lyrics\.txt/ })).toBeVisible();
});

test('at desktop width the Added column shows who and when on one line, in full', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Maximilian Longname-Producer' });
  const projectId = await createProject(request, owner, 'Wide Tables');
  const notes = path.join(scratchDir(), 'Session notes for the second day of tracking.txt');
  writeFileSync(notes, 'Drums first, then bass.\n');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/projects/${projectId}/files`);
  await signInThroughUi(page, owner);
  await page.getByLabel('Add to category').selectOption('other');
  await page.getByLabel('Files to add to Other').setInputFiles(notes);
  const row = page.getByRole('table', { name: 'Files' }).getByRole('row', { name: /Session notes/ });
  const added = row.getByRole('cell').nth(3);
  await expect(added).toContainText('Maximilian Longname-Producer');
  // Not cut short, not wrapped: the cell is as wide as what it says, on one line.
  const fits = await added.evaluate((cell) => {
    const style = getComputedStyle(cell);
    const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const range = document.createRange();
    range.selectNodeContents(cell);
    const tops = Array.from(range.getClientRects(), (r) => r.top);
    const lines = tops.some((top) => top - Math.min(...tops) > 8) ? 2 : 1;
    return { lines, need: range.getBoundingClientRect().width, inner };
  });
  expect(fits.lines).toBe(1);
  expect(fits.need).toBeLessThanOrEqual(fits.inner + 0.5);
  await screenshots(page, 'files-added-column', '/tmp/shots-newuser');
});
