// Stems (issue #36): on a version's Stems panel the producer adds several stems at once through the file
// picker; one at 48 kHz on a 44.1 kHz mix is reported, and the null test says the set cannot be compared;
// without it, the null test finds that the stems sum to the mix. A stem is renamed and given a role; the
// mixer plays the mix and the stems together, a soloed stem alone and a muted one silent; the version's
// package downloads as a ZIP that unzip tests and that holds the stems; a share link can include the stems
// only once downloads are allowed, and its guest sees them.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createAccount, expectAccessible } from './fixtures.ts';
import { createProject, scratchDir, screenshots, tokenOf } from './media-fixtures.ts';
import { openAs } from './review-fixtures.ts';
import { MIX_RATE, mixOf, sineSamples, wavOf, writeTo } from './stems-fixtures.ts';

// Long enough that the mix is still playing when the test pauses it, however slowly a busy machine runs the
// steps between Play and Pause (6 s ran out under load, and Pause was never there to press).
const SECONDS = 60;

/** Each <audio> of the mixer: which it is, its volume, whether it plays, and where. */
interface Source {
  volume: number;
  paused: boolean;
  time: number;
}

/** Each <audio> of the mixer: its volume (0 when muted), whether it plays, and where; the stems by name. */
const sources = (page: Page): Promise<{ mix: Source; stems: Record<string, Source> }> =>
  page.evaluate(() => {
    const state = (el: HTMLAudioElement) => ({
      volume: el.muted ? 0 : el.volume,
      paused: el.paused,
      time: el.currentTime,
    });
    const mix = document.querySelector<HTMLAudioElement>('[data-testid="mix-audio"]')!;
    const stems: Record<string, { volume: number; paused: boolean; time: number }> = {};
    document.querySelectorAll<HTMLAudioElement>('[data-testid="stem-audio"]').forEach((el) => {
      stems[el.dataset.stem!] = state(el);
    });
    return { mix: state(mix), stems };
  });

test('stems: added at once, checked against the mix, renamed, soloed and muted, packaged and shared', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await createAccount(request, { name: 'Paula Producer' });
  const projectId = await createProject(request, owner, 'Stems EP');
  const headers = { authorization: `Bearer ${await tokenOf(request, owner)}` };
  const track = await request.post(`/api/projects/${projectId}/tracks`, {
    data: { title: 'Undertow' },
    headers,
  });
  expect(track.status()).toBe(201);
  const trackId = (await track.json()).data.track._id as string;

  // Three stems and the mix they make; a click track at 48 kHz that does not belong.
  const drums = sineSamples(60, 0.25, SECONDS);
  const bass = sineSamples(110, 0.2, SECONDS);
  const keys = sineSamples(660, 0.15, SECONDS);
  const upload = await request.post(`/api/projects/${projectId}/tracks/${trackId}/versions`, {
    headers,
    multipart: {
      label: 'Mix 1',
      file: { name: 'undertow-mix.wav', mimeType: 'audio/wav', buffer: wavOf(mixOf([drums, bass, keys])) },
    },
  });
  expect(upload.status()).toBe(201);
  const versionId = (await upload.json()).data.version._id as string;
  const dir = scratchDir();
  const files = [
    writeTo(dir, 'Drums.wav', wavOf(drums)),
    writeTo(dir, 'Bass.wav', wavOf(bass)),
    writeTo(dir, 'Keys.wav', wavOf(keys)),
    writeTo(dir, 'Click.wav', wavOf(sineSamples(1000, 0.1, SECONDS, 48_000), 48_000)),
  ];
  expect(MIX_RATE).toBe(44_100);

  const page = await openAs(browser, owner, `/projects/${projectId}/tracks?track=${trackId}`);
  await page.getByRole('button', { name: 'Stems of Mix 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stems · Mix 1' });
  await expect(dialog.getByText('No stems yet')).toBeVisible();
  await expectAccessible(page);

  // Four files at once through the picker: four rows, each uploaded.
  await dialog.getByLabel('Stem files to add').setInputFiles(files);
  const rows = dialog.getByTestId('stem-row');
  await expect(rows).toHaveCount(4, { timeout: 60_000 });
  // Each arrived: their finished uploads leave the list, nothing failed.
  await expect(dialog.getByRole('list', { name: 'Uploads' })).toHaveCount(0);
  const row = (name: string) => dialog.locator(`[data-testid="stem-row"][data-stem="${name}"]`);
  // The 48 kHz stem is reported beside it, the others are not; the null test cannot compare the set.
  await expect(row('Click').getByRole('list', { name: 'Issues of Click' })).toContainText('48');
  await expect(row('Drums').getByRole('list', { name: /^Issues of/ })).toHaveCount(0);
  const verdict = dialog.getByTestId('null-test-verdict');
  await expect(verdict).toHaveText('Not comparable', { timeout: 60_000 });

  // Without it, the stems sum to the mix.
  await row('Click').getByRole('button', { name: 'Delete Click' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete stem?' })
    .getByRole('button', { name: 'Delete Stem' })
    .click();
  await expect(rows).toHaveCount(3);
  await expect(verdict).toHaveText('Stems sum to the mix', { timeout: 60_000 });
  await expect(dialog.getByTestId('null-test-figures')).toHaveText(
    /^Residual RMS −\d+\.\d dBFSPeak −\d+\.\d dBFS$/,
  );

  // Renamed, with a role from the list; another with a role typed by hand.
  await row('Keys').getByRole('button', { name: 'Edit Keys' }).click();
  const edit = dialog.getByRole('form', { name: 'Edit Keys' });
  await edit.getByLabel('Name').fill('Keys & Pads');
  await edit.getByLabel('Role', { exact: true }).selectOption({ label: 'Keys' });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row('Keys & Pads').getByTestId('stem-role')).toHaveText('Keys');
  await row('Drums').getByRole('button', { name: 'Edit Drums' }).click();
  const drumsEdit = dialog.getByRole('form', { name: 'Edit Drums' });
  await drumsEdit.getByLabel('Role', { exact: true }).selectOption({ label: 'Type a role…' });
  await drumsEdit.getByLabel('Role name').fill('Room mics');
  await drumsEdit.getByRole('button', { name: 'Save' }).click();
  await expect(row('Drums').getByTestId('stem-role')).toHaveText('Room mics');
  const listed = await request.get(
    `/api/projects/${projectId}/tracks/${trackId}/versions/${versionId}/stems`,
    {
      headers,
    },
  );
  const saved = (await listed.json()).data.stems as Array<{ name: string; role: string | null }>;
  expect(saved.map((s) => [s.name, s.role]).sort()).toEqual([
    ['Bass', null],
    ['Drums', 'Room mics'],
    ['Keys & Pads', 'keys'],
  ]);

  // The mixer: the mix alone at first, then a soloed Bass alone, Drums muted, all playing in step.
  const mixer = dialog.getByTestId('stems-mixer');
  await mixer.getByRole('button', { name: 'Play' }).click();
  await expect.poll(async () => (await sources(page)).mix.time, { timeout: 15_000 }).toBeGreaterThan(0.3);
  let now = await sources(page);
  expect(now.mix.volume).toBe(1);
  expect(Object.values(now.stems).map((s) => s.volume)).toEqual([0, 0, 0]);
  await row('Bass').getByRole('button', { name: 'Solo Bass' }).click();
  await row('Drums').getByRole('button', { name: 'Mute Drums' }).click();
  await expect(mixer).toHaveAttribute('data-listen', 'stems');
  now = await sources(page);
  expect(now.mix.volume).toBe(0);
  expect(now.stems.Bass?.volume).toBe(1);
  expect(now.stems.Drums?.volume).toBe(0);
  expect(now.stems['Keys & Pads']?.volume).toBe(0);
  // Everything still plays (silent ones at volume 0), within a few frames of the mix.
  expect(now.mix.paused).toBe(false);
  for (const [name, s] of Object.entries(now.stems)) {
    expect(s.paused, name).toBe(false);
    expect(Math.abs(s.time - now.mix.time), name).toBeLessThan(0.1);
  }
  // Solo off: every stem but the muted one; then the mix again, the stems silent.
  await row('Bass').getByRole('button', { name: 'Solo Bass' }).click();
  now = await sources(page);
  expect([now.stems.Bass?.volume, now.stems.Drums?.volume, now.stems['Keys & Pads']?.volume]).toEqual([
    1, 0, 1,
  ]);
  await mixer.getByRole('button', { name: 'Mix', exact: true }).click();
  now = await sources(page);
  expect(now.mix.volume).toBe(1);
  expect(Object.values(now.stems).map((s) => s.volume)).toEqual([0, 0, 0]);
  await mixer.getByRole('button', { name: 'Pause' }).click();
  await expect(mixer.getByRole('button', { name: 'Play' })).toBeVisible();
  await row('Bass').getByRole('button', { name: 'Mute Bass' }).click();
  await expectAccessible(page);
  await dialog.getByRole('link', { name: /^Download all of Mix 1/ }).scrollIntoViewIfNeeded();
  await screenshots(page, 'stems-panel');

  // Download all: one ZIP that unzip tests, holding the mix, the stems and the checksums.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: /^Download all of Mix 1/ }).click(),
  ]);
  const zip = path.join(dir, 'package.zip');
  await download.saveAs(zip);
  execFileSync('unzip', ['-t', zip]);
  const entries = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n');
  for (const name of ['Drums', 'Bass', 'Keys & Pads'])
    expect(
      entries.some((e) => e.includes(name) && e.endsWith('.wav')),
      name,
    ).toBe(true);
  expect(entries.some((e) => e.endsWith('checksums.sha256'))).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The same package in the version's Downloads menu, and the project's deliverables on the page.
  await page.getByRole('button', { name: 'Downloads of Mix 1' }).click();
  await expect(page.getByRole('menuitem', { name: /Download all/ })).toHaveAttribute(
    'href',
    `/api/projects/${projectId}/tracks/${trackId}/versions/${versionId}/package.zip`,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: /^Download the deliverables/ })).toHaveAttribute(
    'href',
    `/api/projects/${projectId}/package.zip`,
  );

  // A share link includes the stems only once downloads are allowed; its guest then gets them.
  await page.goto(`/projects/${projectId}/share`);
  await page.getByRole('button', { name: 'New share link' }).click();
  const form = page.getByRole('dialog', { name: 'New share link' });
  await form.getByLabel('Label', { exact: true }).fill('Mastering engineer');
  const includeStems = form.getByRole('checkbox', { name: 'Include stems' });
  await expect(includeStems).toBeDisabled();
  await form.getByRole('switch', { name: 'Allow download' }).click();
  await expect(includeStems).toBeEnabled();
  await includeStems.click();
  await expect(includeStems).toBeChecked();
  await form.getByRole('button', { name: 'Create Link' }).click();
  const url = await page
    .getByRole('region', { name: /is ready to send/ })
    .getByLabel('Share link URL')
    .inputValue();
  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const guest = await guestContext.newPage();
  await guest.goto(url);
  const stems = guest.getByRole('region', { name: 'Stems of Undertow' });
  await expect(stems.getByRole('link', { name: /^Download / })).toHaveCount(3);
  await expect(guest.getByRole('link', { name: 'Download all of Undertow (ZIP)' })).toBeVisible();
  await expectAccessible(guest);
  await screenshots(guest, 'stems-shared');
  await guestContext.close();
  await page.context().close();
});
