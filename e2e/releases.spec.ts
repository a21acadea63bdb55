// The Releases screen (issue #37): an empty list, a new release made of a track picked from a project, the
// readiness check listing what is missing and dropping a problem once it is fixed, artwork refused in plain
// words (not square) and taken when right, the files' links, a refused CSV import with its rows, and the private
// calendar address reset after a confirm; at desktop and phone widths.
import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, signInThroughUi } from './fixtures.ts';
import { createProject, screenshots, tokenOf } from './media-fixtures.ts';

const SHOTS = '/tmp/shots-catalog';

/** An RGB PNG of `width` × `height`, one flat colour. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([40, 90, 160], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('releases: make one from a project track, see what it lacks, fix it, artwork and files', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Rhea Releases' });
  const projectId = await createProject(request, owner, 'Night Drive EP');
  const headers = { authorization: `Bearer ${await tokenOf(request, owner)}` };
  for (const title of ['Night Drive', 'Neon Rain']) {
    const res = await request.post(`/api/projects/${projectId}/tracks`, { data: { title }, headers });
    expect(res.status()).toBe(201);
  }

  await page.goto('/releases');
  await signInThroughUi(page, owner);
  await expect(page.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
  await expect(page.getByText('No releases yet')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'releases-empty', SHOTS);

  // A new EP with both tracks, the second moved up.
  await page.getByRole('link', { name: 'New release' }).first().click();
  await page.getByLabel('Title', { exact: true }).fill('Night Drive EP');
  await page.getByLabel('Type').selectOption('ep');
  await page.getByLabel('Add tracks from project').selectOption({ label: 'Night Drive EP' });
  await page.getByRole('button', { name: 'Add Night Drive' }).click();
  await page.getByRole('button', { name: 'Add Neon Rain' }).click();
  await expect(page.getByRole('button', { name: 'Night Drive is on the release' })).toBeDisabled();
  await page.getByRole('button', { name: 'Move Neon Rain up' }).click();
  const list = page.getByRole('list', { name: 'Track list' });
  await expect(list.getByRole('listitem').first()).toContainText('Neon Rain');
  await expect(page.getByLabel('Number of Neon Rain')).toHaveValue('1');
  await page.getByRole('button', { name: 'Create release' }).click();
  await expect(page).toHaveURL(/\/releases\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Night Drive EP', level: 1 })).toBeVisible();

  // The readiness check lists what is missing; a UPC typed and saved takes its problem away.
  const readiness = page.getByRole('region', { name: 'Readiness' });
  const problems = readiness.getByRole('list', { name: 'Problems' });
  await expect(problems).toContainText('UPC/EAN is missing');
  await expect(problems).toContainText('Track 1 "Neon Rain": ISRC is missing');
  await page.getByLabel('UPC/EAN').fill('036000291453');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('UPC/EAN')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('UPC/EAN').fill('036000291452');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Night Drive EP was saved')).toBeVisible();
  await expect(problems).not.toContainText('UPC/EAN');
  await expect(problems).toContainText('Label is missing');

  // Artwork: a wide image is refused in plain words; a square one is taken and the problem goes.
  await page
    .getByLabel('Artwork image')
    .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(1600, 1400) });
  await expect(page.getByText('Artwork must be square: this image is 1600 × 1400 px')).toBeVisible();
  await page
    .getByLabel('Artwork image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(1400, 1400) });
  await expect(page.getByRole('img', { name: 'Artwork of Night Drive EP' })).toBeVisible();
  await expect(page.getByText(/PNG · 1400 × 1400 px/)).toBeVisible();
  await expect(problems).not.toContainText('Artwork');

  // The files a release goes out as.
  const files: [string, string][] = [
    ['Label copy (PDF)', 'label-copy.pdf'],
    ['DDEX (XML)', 'ddex.xml'],
    ['Export (CSV)', 'export.csv'],
  ];
  for (const [name, path] of files)
    await expect(page.getByRole('link', { name })).toHaveAttribute(
      'href',
      new RegExp(`/${path.replace('.', '\\.')}$`),
    );
  const ddex = await request.get(
    (await page.getByRole('link', { name: 'DDEX (XML)' }).getAttribute('href'))!,
    { headers },
  );
  expect(ddex.status()).toBe(200);
  await expectAccessible(page);
  await screenshots(page, 'release-editor', SHOTS);

  // The list shows it with its artwork, type, UPC and track count.
  await page.getByRole('link', { name: 'Releases', exact: true }).first().click();
  const row = page.getByRole('list', { name: 'My releases' }).getByRole('listitem');
  await expect(row).toContainText('Night Drive EP');
  await expect(row).toContainText('EP');
  await expect(row).toContainText('UPC 036000291452');
  await expect(row).toContainText('2 tracks');
  await screenshots(page, 'releases-list', SHOTS);
});

test('releases: a refused CSV import lists its rows; the calendar address is reset after a confirm', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Cal Endar' });
  await page.goto('/releases');
  await signInThroughUi(page, owner);
  await expect(page.getByText('No releases yet')).toBeVisible();

  await page.getByLabel('CSV file to import').setInputFiles({
    name: 'releases.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('record,title,colour\r\nrelease,Night Drive,blue\r\n'),
  });
  const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was imported' }).first();
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole('list', { name: 'Problems in the CSV' })).toContainText(
    'Row 1: Unknown column "colour"',
  );
  await expect(page.getByText('No releases yet')).toBeVisible();
  await screenshots(page, 'releases-import-refused', SHOTS);

  await page.getByRole('button', { name: 'Calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release calendar' });
  const address = dialog.getByLabel('Calendar address');
  await expect(address).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/.+\.ics$/);
  const first = await address.inputValue();
  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  await expectAccessible(page);
  await screenshots(page, 'releases-calendar', SHOTS);

  await dialog.getByRole('button', { name: 'Reset address' }).click();
  await page
    .getByRole('alertdialog', { name: 'Reset the calendar address?' })
    .getByRole('button', { name: 'Reset Address' })
    .click();
  await expect(address).not.toHaveValue(first);
  await expect(address).toHaveValue(/\.ics$/);
  expect((await request.get(first)).status()).toBe(404);
});
