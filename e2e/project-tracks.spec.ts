// The Tracks tab: add a track, upload a WAV the test writes and watch its progress reach 100 %, see its
// duration and waveform, play it and seek (the audio is served with HTTP ranges), upload a second version
// and make it current; reorder tracks from the keyboard; a view-only collaborator can listen but not change;
// a failed upload says so in words; the version playing is marked in the versions list.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, signInThroughUi } from './fixtures.ts';
import { addMember } from './invitation-helpers.ts';
import {
  createProject,
  createTrackWithVersion,
  scratchDir,
  screenshots,
  tokenOf,
  writeSineWav,
} from './media-fixtures.ts';

/** Where the screens of issue #20 (what a new user trips on) are saved to look at. */
const SHOTS = '/tmp/shots-newuser';

test('add a track, upload versions with progress, play, seek and make a version current', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Tess Tracks' });
  const projectId = await createProject(request, owner, 'Night Drive EP');
  const dir = scratchDir();
  const mixV1 = writeSineWav(dir, 'night-drive-mix-v1.wav', 5, 440);
  const mixV2 = writeSineWav(dir, 'night-drive-mix-v2.wav', 3, 660);
  const ranged: number[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/audio')) ranged.push(res.status());
  });

  await page.goto(`/projects/${projectId}/tracks`);
  await signInThroughUi(page, owner);
  await expect(page.getByText('No tracks yet')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add Your First Track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add track' });
  await dialog.getByLabel('Title').fill('Night Drive');
  await dialog.getByLabel('ISRC').fill('not-an-isrc');
  await dialog.getByRole('button', { name: 'Add Track' }).click();
  await expect(dialog.getByText(/ISRC must look like CC-XXX-YY-NNNNN/)).toBeVisible();
  await dialog.getByLabel('ISRC').fill('usrc17607839');
  await dialog.getByLabel('Status').selectOption('mixing');
  await dialog.getByLabel('BPM').fill('122');
  await dialog.getByLabel('Key').selectOption('F#m');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add Track' }).click();
  await expect(dialog).toBeHidden();
  const detail = page.getByRole('region', { name: /Night Drive/ });
  await expect(detail).toContainText('US-RC1-76-07839');
  await expect(detail).toContainText('122 BPM');
  await expect(detail).toContainText('F♯/G♭ minor');

  // First version: the progress bar follows the bytes sent and ends at 100 %.
  await page.getByLabel('Audio file').setInputFiles(mixV1);
  await page.getByLabel('Version label').fill('Mix v1');
  await page.getByRole('button', { name: 'Upload Version' }).click();
  const progress = page.getByRole('progressbar', { name: 'Upload of night-drive-mix-v1.wav' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('100 % · Uploaded')).toBeVisible();

  // Its duration, from the file itself, and its waveform, from the server's peaks.
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText('Mix v1');
  await expect(player).toContainText('WAV · 44.1 kHz · 16-bit · Stereo');
  await expect(player.getByTestId('player-time')).toHaveText('0:00');
  await expect(player.getByTestId('player-duration')).toHaveText('0:05');
  await expect(page.getByRole('list', { name: 'Running order' })).toContainText('0:05');
  await expect(player.getByTestId('waveform')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Project sections' }).locator('..')).toContainText(
    '0:05',
  );
  await expectAccessible(page);

  // Play, then seek by clicking the waveform; the browser asks for byte ranges and gets 206.
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(player.getByTestId('player-time')).not.toHaveText('0:00');
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  const seek = player.getByRole('slider', { name: /Seek in Night Drive/ });
  const box = (await seek.boundingBox())!;
  await seek.click({ position: { x: box.width * 0.62, y: box.height / 2 } });
  await expect(seek).toHaveAttribute('aria-valuenow', '3');
  await expect(player.getByTestId('player-time')).toHaveText('0:03');
  await expect
    .poll(() => player.locator('audio').evaluate((el: HTMLAudioElement) => el.currentTime))
    .toBeGreaterThan(3);
  await seek.press('Home');
  await expect(player.getByTestId('player-time')).toHaveText('0:00');
  expect(ranged).toContain(206);

  // A second version does not replace the current one until asked.
  await page.getByLabel('Audio file').setInputFiles(mixV2);
  await page.getByLabel('Version label').fill('Mix v2');
  await page.getByRole('button', { name: 'Upload Version' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload of night-drive-mix-v2.wav' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const versions = page.getByRole('list', { name: 'Versions of Night Drive' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').filter({ hasText: 'Mix v1' })).toContainText('Current');
  await expect(player).toContainText('Mix v1');
  await screenshots(page, 'tracks');

  await versions.getByRole('button', { name: 'Make Mix v2 current' }).click();
  await expect(page.getByText('Mix v2 is now the current version')).toBeVisible();
  await expect(versions.getByRole('listitem').filter({ hasText: 'Mix v2' })).toContainText('Current');
  await expect(versions.getByRole('listitem').filter({ hasText: 'Mix v1' })).not.toContainText('Current');
  await expect(player.getByTestId('player-duration')).toHaveText('0:03');
  await expect(player.getByTestId('waveform')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Running order' })).toContainText('0:03');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText('Mix v2');
  await expectAccessible(page);
});

test('tracks are reordered from the keyboard, and a view-only collaborator can listen but not change', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createAccount(request, { name: 'Ola Order' });
  const viewer = await createAccount(request, { name: 'Vic Viewer' });
  const projectId = await createProject(request, owner, 'Running Order');
  const token = await tokenOf(request, owner);
  const auth = { authorization: `Bearer ${token}` };
  for (const title of ['Opener', 'Single', 'Closer']) {
    const res = await request.post(`/api/projects/${projectId}/tracks`, { data: { title }, headers: auth });
    expect(res.status()).toBe(201);
  }
  await addMember(request, token, projectId, viewer, { permission: 'view', role: 'A&R' });

  await page.goto(`/projects/${projectId}/tracks`);
  await signInThroughUi(page, owner);
  const order = page.getByRole('list', { name: 'Running order' });
  await expect(order.getByRole('listitem')).toHaveCount(3);
  const orderSaved = () =>
    page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith('/tracks/order'),
    );
  const moveDown = page.getByRole('button', { name: 'Move Opener down' });
  await moveDown.focus();
  const firstSaved = orderSaved();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Opener moved to position 2 of 3' }),
  ).toBeAttached();
  await expect(order.getByRole('listitem').nth(0)).toContainText('Single');
  // The list moves at once and the order is saved after: each move waits for its save's answer before the
  // next step (a reload before it could cut the request off, as a busy clean-clone run showed).
  expect((await firstSaved).status()).toBe(200);
  const saved = orderSaved();
  await page.getByRole('button', { name: 'Move Closer up' }).click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(order.getByRole('listitem')).toHaveText([/1\s*Single/, /2\s*Closer/, /3\s*Opener/]);

  const context = await browser.newContext();
  const viewerPage = await context.newPage();
  await viewerPage.goto(`/projects/${projectId}/tracks`);
  await signInThroughUi(viewerPage, viewer);
  await expect(viewerPage.getByRole('list', { name: 'Running order' }).getByRole('listitem')).toHaveCount(3);
  await expect(viewerPage.getByRole('button', { name: 'Add Track' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /Move .* (up|down)/ })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Upload Version' })).toHaveCount(0);
  await expectAccessible(viewerPage);
  await context.close();
});

test('a failed upload says it failed and why, with no bar left at 99 %', async ({ page, request }) => {
  const owner = await createAccount(request, { name: 'Fay Failing' });
  const projectId = await createProject(request, owner, 'Broken Tapes');
  await createTrackWithVersion(request, owner, projectId, 'Hiss', 'Mix 1');
  const notAudio = path.join(scratchDir(), 'not-really-audio.wav');
  writeFileSync(notAudio, 'This is a text file wearing a .wav name.\n'.repeat(2000));

  await page.goto(`/projects/${projectId}/tracks`);
  await signInThroughUi(page, owner);
  await page.getByLabel('Audio file').setInputFiles(notAudio);
  await page.getByLabel('Version label').fill('Mix 2');
  await page.getByRole('button', { name: 'Upload Version' }).click();

  const uploads = page.getByRole('list', { name: 'Uploads' });
  const row = uploads.getByRole('listitem').filter({ hasText: 'not-really-audio.wav' });
  await expect(row.getByRole('alert')).toHaveText(/^Failed: \S/);
  await expect(row.getByRole('progressbar')).toHaveCount(0);
  await expect(row).not.toContainText('%');
  await expect(row.getByRole('button', { name: 'Dismiss not-really-audio.wav' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'upload-failed', SHOTS);
});

test('the version playing is marked in the versions list, with Pause in its row', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Pia Listener' });
  const projectId = await createProject(request, owner, 'Loud Room');
  // Long enough to be still playing after the accessibility check and two screenshots on a busy machine (8 s
  // ran out before the Pause click once).
  await createTrackWithVersion(request, owner, projectId, 'Echo', 'Mix 1', 90);

  await page.goto(`/projects/${projectId}/tracks`);
  await signInThroughUi(page, owner);
  const versions = page.getByRole('list', { name: 'Versions of Echo' });
  const row = versions.getByRole('listitem').filter({ hasText: 'Mix 1' });
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).not.toContainText('Playing');

  await row.getByRole('button', { name: 'Play Mix 1 in the player' }).click();
  await expect(row.getByText('Playing', { exact: true })).toBeVisible();
  const pause = row.getByRole('button', { name: 'Pause Mix 1' });
  await expect(pause).toBeVisible();
  await expect(row.getByRole('button', { name: 'Play Mix 1 in the player' })).toHaveCount(0);
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expectAccessible(page);
  await row.scrollIntoViewIfNeeded();
  await screenshots(page, 'version-playing', SHOTS);

  await pause.click();
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(row).not.toContainText('Playing');
  await expect(row.getByRole('button', { name: 'Play Mix 1 in the player' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
