// Loudness analysis (issue #17): a version uploaded on the tracks page is measured on the server; its figures,
// the short-term chart and the streaming targets show in a dialog, "Run again" measures it anew with live
// progress, and the dashboard's "GPU Audio Analysis" quick action leads to the same view through a picker.
// The signal is a stereo 1 kHz sine at −23 dBFS peak: BS.1770 reads a full-scale 1 kHz sine in one channel as
// −3.01 LUFS, so two such channels at −23 dBFS come to −23.0 LUFS, 9 dB under Spotify's −14. A tempo the
// reader cannot find (a 120 BPM pulse under loud noise) reads "Unknown" with the reason, not a blank (#32).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { signInTo } from './account-helpers.ts';
import { type Account, createAccount, expectAccessible, signInThroughUi } from './fixtures.ts';
import { addMember } from './invitation-helpers.ts';
import { createProject, scratchDir, stereoWav16, tokenOf, toneWav } from './media-fixtures.ts';

const SHOTS = '/tmp/shots';
const LEVEL_DBFS = -23;
const SECONDS = 10;

async function createTrack(request: APIRequestContext, token: string, projectId: string, title: string) {
  const res = await request.post(`/api/projects/${projectId}/tracks`, {
    data: { title },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.track._id as string;
}

/** Uploads the tone as a version through the API. */
async function uploadTone(
  request: APIRequestContext,
  token: string,
  projectId: string,
  trackId: string,
  label: string,
) {
  const upload = await request.post(`/api/projects/${projectId}/tracks/${trackId}/versions`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      label,
      file: { name: 'sine.wav', mimeType: 'audio/wav', buffer: toneWav(LEVEL_DBFS, SECONDS) },
    },
  });
  expect(upload.status()).toBe(201);
}

/** A figure's number as shown ("−23.0" → -23). */
async function figureValue(dialog: Locator, key: string): Promise<number> {
  const text = (await dialog.getByTestId(`figure-${key}`).textContent()) ?? '';
  return Number.parseFloat(text.replace('\u2212', '-'));
}

/** Waits for the figures, then checks they are the tone's. */
async function expectToneFigures(dialog: Locator): Promise<void> {
  await expect(dialog.getByTestId('figure-integrated')).toHaveText(/^\u22122\d\.\d\s*LUFS$/, {
    timeout: 30_000,
  });
  expect(Math.abs((await figureValue(dialog, 'integrated')) - LEVEL_DBFS)).toBeLessThanOrEqual(0.2);
  expect(Math.abs((await figureValue(dialog, 'sample-peak')) - LEVEL_DBFS)).toBeLessThanOrEqual(0.1);
  await expect(dialog.getByTestId('figure-true-peak')).toContainText('dBTP');
  await expect(dialog.getByTestId('figure-range')).toContainText('LU');
  const chart = dialog.getByRole('img', { name: 'Short-term loudness over time, in LUFS' });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(
    /^Short-term loudness over 0:\d\d holds steady at about \u221223\.\d LUFS/,
  );
  await expect(dialog.getByRole('button', { name: /Too quiet/ })).toHaveCount(5);
  await expect(dialog.getByRole('button', { name: /^Spotify/ })).toContainText('Too quiet — 9.0 dB under');
}

/**
 * 12 s of 16-bit 48 kHz stereo: a 10 ms 1 kHz burst at −12 dBFS on every beat of 120 BPM, with white noise
 * whose peaks are at `noiseDbfs` (seeded, so the same every run) or none.
 */
function pulseWav(noiseDbfs: number | null): Buffer {
  const rate = 48_000;
  const frames = rate * 12;
  const beat = rate / 2;
  const burst = Math.round(0.01 * rate);
  const noise = noiseDbfs === null ? 0 : 10 ** (noiseDbfs / 20);
  let seed = 7;
  const random = () => {
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed / 2 ** 31 - 1;
  };
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const inBeat = i % beat;
    const pulse = inBeat < burst ? 0.25 * Math.sin((2 * Math.PI * 1000 * inBeat) / rate) : 0;
    for (let c = 0; c < 2; c++) {
      const v = Math.max(-1, Math.min(1, pulse + noise * random()));
      data.writeInt16LE(Math.round(v * 32767), i * 4 + c * 2);
    }
  }
  return stereoWav16(data, rate);
}

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}-${width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

test('a version uploaded on the tracks page is analysed: figures, chart, targets, and Run again', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Lou Dness' });
  const projectId = await createProject(request, owner, 'Loudness EP');
  await createTrack(request, await tokenOf(request, owner), projectId, 'Reference Tone');
  const file = path.join(scratchDir(), 'tone-minus-23.wav');
  writeFileSync(file, toneWav(LEVEL_DBFS, SECONDS));

  // The live progress arrives as job:updated over the socket, not only by polling.
  const jobEvents: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"job:updated"')) jobEvents.push(String(payload));
    }),
  );

  await page.goto(`/projects/${projectId}/tracks`);
  await signInThroughUi(page, owner);
  await page.getByLabel('Audio file').setInputFiles(file);
  await page.getByLabel('Version label').fill('Tone −23');
  await page.getByRole('button', { name: 'Upload Version' }).click();
  await expect(page.getByText('100 % · Uploaded')).toBeVisible();

  await page.getByRole('button', { name: 'Analysis of Tone −23' }).click();
  const dialog = page.getByRole('dialog', { name: 'Analysis · Tone −23' });
  await expect(dialog).toContainText('CPU analysis to ITU-R BS.1770-4 / EBU R128');
  await expectToneFigures(dialog);

  // Picking a service draws its target on the chart (and says so in the summary).
  const apple = dialog.getByRole('button', { name: /^Apple Music/ });
  await apple.click();
  await expect(apple).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('button', { name: /^Spotify/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.locator('figcaption')).toContainText('Apple Music target −16.0 LUFS: 7.0 dB below it');
  await expectAccessible(page);
  await shots(page, 'analysis');

  // Run again: progress shows while it is measured, then the same figures.
  const progress = dialog.getByRole('progressbar', { name: 'Analysis progress' });
  const before = jobEvents.length;
  // A short tone can be measured between two of Playwright's visibility polls, so the page itself records
  // whether the progress bar was ever put in (a MutationObserver sees every insertion, however brief).
  await page.evaluate(() => {
    const seen = window as unknown as { sawAnalysisProgress?: boolean };
    seen.sawAnalysisProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"][aria-label="Analysis progress"]'))
        seen.sawAnalysisProgress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await dialog.getByRole('button', { name: 'Run again' }).click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { sawAnalysisProgress?: boolean }).sawAnalysisProgress),
    )
    .toBe(true);
  await expect.poll(() => jobEvents.length).toBeGreaterThan(before);
  await expectToneFigures(dialog);
  await expect(progress).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Run again' })).toBeEnabled();
});

test('the dashboard quick action "GPU Audio Analysis" picks a version and shows the same figures', async ({
  page,
  request,
}) => {
  const owner: Account = await createAccount(request, { name: 'Dash Board' });
  const projectId = await createProject(request, owner, 'Tone Album');
  const token = await tokenOf(request, owner);
  const trackId = await createTrack(request, token, projectId, 'Sine Song');
  await uploadTone(request, token, projectId, trackId, 'Master 1');

  await signInTo(page, owner, '/');
  await page
    .getByRole('region', { name: 'Quick Actions' })
    .getByRole('button', { name: /GPU Audio Analysis/ })
    .click();
  const picker = page.getByRole('dialog', { name: 'Audio analysis' });
  await expect(picker).toContainText('CPU analysis to ITU-R BS.1770-4 / EBU R128');
  await expect(picker.getByRole('button', { name: 'Show analysis' })).toBeDisabled();
  await picker.getByLabel('Project', { exact: true }).selectOption({ label: 'Tone Album' });
  await picker.getByLabel('Track').selectOption({ label: '1. Sine Song' });
  await expect(picker.getByLabel('Version')).toHaveValue(/.+/);
  await expect(picker.getByLabel('Version')).toContainText('Master 1 (current)');
  await expectAccessible(page);
  await picker.getByRole('button', { name: 'Show analysis' }).click();

  const dialog = page.getByRole('dialog', { name: 'Analysis · Master 1' });
  await expect(dialog).toContainText('Tone Album · Sine Song');
  await expectToneFigures(dialog);
  await expectAccessible(page);
  await shots(page, 'analysis-dashboard');

  await dialog.getByRole('button', { name: 'Pick another version' }).click();
  await expect(page.getByRole('dialog', { name: 'Audio analysis' })).toBeVisible();
});

test('a view-only collaborator sees the analysis but is told only editors can run it again', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Owen Owner' });
  const viewer = await createAccount(request, { name: 'Vi Viewer' });
  const projectId = await createProject(request, owner, 'Shared Tones');
  const token = await tokenOf(request, owner);
  const trackId = await createTrack(request, token, projectId, 'Listen Only');
  await uploadTone(request, token, projectId, trackId, 'Mix A');
  await addMember(request, token, projectId, viewer, { permission: 'view', role: 'A&R' });

  await page.goto(`/projects/${projectId}/tracks`);
  await signInThroughUi(page, viewer);
  await page.getByRole('button', { name: 'Analysis of Mix A' }).click();
  const dialog = page.getByRole('dialog', { name: 'Analysis · Mix A' });
  await expectToneFigures(dialog);
  await expect(dialog.getByRole('button', { name: 'Run again' })).toHaveCount(0);
  await expect(dialog).toContainText('Only the owner and editors can run it again.');
});

test('a tempo the reader cannot find reads "Unknown" with the reason, next to clean clicks read exactly', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Tim Po' });
  const projectId = await createProject(request, owner, 'Pulse Tests');
  const token = await tokenOf(request, owner);
  const trackId = await createTrack(request, token, projectId, 'Pulse');
  for (const [label, noise] of [
    ['Clicks', null],
    // Noise as loud as the pulse's peaks: the beat is there, but nothing steady enough to name.
    ['Pulse in noise', -12],
  ] as const) {
    const upload = await request.post(`/api/projects/${projectId}/tracks/${trackId}/versions`, {
      headers: { authorization: `Bearer ${token}` },
      multipart: { label, file: { name: 'pulse.wav', mimeType: 'audio/wav', buffer: pulseWav(noise) } },
    });
    expect(upload.status()).toBe(201);
  }

  await signInTo(page, owner, `/projects/${projectId}/tracks`);
  await page.getByRole('button', { name: 'Analysis of Clicks' }).click();
  let dialog = page.getByRole('dialog', { name: 'Analysis · Clicks' });
  const clicks = dialog.getByTestId('figure-tempo');
  await expect(clicks).toHaveText(/^120(\.0)?\s*BPM$/, { timeout: 30_000 });
  await expect(clicks.locator('xpath=..')).toContainText('steady');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Analysis of Pulse in noise' }).click();
  dialog = page.getByRole('dialog', { name: 'Analysis · Pulse in noise' });
  const tempo = dialog.getByTestId('figure-tempo');
  await expect(tempo).toHaveText('Unknown', { timeout: 30_000 });
  await expect(tempo.locator('xpath=..')).toContainText('no steady beat found');
  await expect(tempo.locator('xpath=..')).not.toContainText('BPM');
  // The other figures are there: only the tempo is unknown.
  await expect(dialog.getByTestId('figure-integrated')).toContainText('LUFS');
  await expectAccessible(page);
  await shots(page, 'analysis-tempo-unknown');
});
