// Loudness mastering on screen (issue #17): a version's Master action on the tracks page and the dashboard's
// "AI Mastering" quick action start a job that makes a new version at the target loudness; its progress shows
// in the dialog, the new version is listed as mastered from its original and plays in the page's player, and
// its analysis reads the target. The signal is a stereo 1 kHz sine at −30 dBFS peak, which BS.1770 reads as
// −30.0 LUFS: reaching −14 is +16 dB of gain, well under the −1 dBTP ceiling.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInTo } from './account-helpers.ts';
import { type Account, createAccount, expectAccessible } from './fixtures.ts';
import { addMember } from './invitation-helpers.ts';
import { createProject, tokenOf, toneWav } from './media-fixtures.ts';

const SHOTS = '/tmp/shots';
const MINUS = '\u2212';

interface Seeded {
  owner: Account;
  token: string;
  projectId: string;
  trackId: string;
  versionId: string;
}

/** A fresh owner with a project, a track and the tone uploaded as its version 'Mix 1'. */
async function seed(request: APIRequestContext, projectTitle: string, trackTitle: string): Promise<Seeded> {
  const owner = await createAccount(request, { name: 'Masha Stering' });
  const projectId = await createProject(request, owner, projectTitle);
  const token = await tokenOf(request, owner);
  const headers = { authorization: `Bearer ${token}` };
  const track = await request.post(`/api/projects/${projectId}/tracks`, {
    data: { title: trackTitle },
    headers,
  });
  expect(track.status()).toBe(201);
  const trackId = (await track.json()).data.track._id as string;
  const upload = await request.post(`/api/projects/${projectId}/tracks/${trackId}/versions`, {
    headers,
    multipart: { label: 'Mix 1', file: { name: 'sine.wav', mimeType: 'audio/wav', buffer: toneWav(-30, 8) } },
  });
  expect(upload.status()).toBe(201);
  const versionId = (await upload.json()).data.version._id as string;
  return { owner, token, projectId, trackId, versionId };
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
      await page.screenshot({ path: path.join(SHOTS, `mastering-${name}-${scheme}-${width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

test('Master on the tracks page makes a −14 LUFS version, listed, playable and measured on target', async ({
  page,
  request,
}) => {
  const { owner, projectId } = await seed(request, 'Master Class', 'Sine Song');
  const masterCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/master')) masterCalls.push(r.postData() ?? '');
  });

  await signInTo(page, owner, `/projects/${projectId}/tracks`);
  await page.getByRole('button', { name: 'Master Mix 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Master · Mix 1' });
  await expect(dialog).toContainText('Loudness normalisation to a target with a true-peak limit');
  await expect(dialog).toContainText('The original is kept unchanged.');
  await expect(dialog.getByLabel('Target loudness (LUFS)')).toHaveValue('-14');
  await expect(dialog.getByLabel('True-peak ceiling (dBTP)')).toHaveValue('-1');
  await expect(dialog.getByRole('button', { name: /Spotify · YouTube · Tidal/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page);
  await shots(page, 'form');

  const progress = dialog.getByRole('progressbar', { name: 'Mastering progress' });
  const sawProgress = progress.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: 'Start mastering' }).click();
  await sawProgress;
  await expect(dialog.getByText('Mastered version ready')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText(`Mastered ${MINUS}14 LUFS`);
  expect(masterCalls.map((body) => JSON.parse(body))).toEqual([{ targetLufs: -14, truePeakDbtp: -1 }]);
  await expectAccessible(page);
  await shots(page, 'done');

  // Play puts it in the page's player, which starts playing it at once.
  await dialog.getByRole('button', { name: `Play Mastered ${MINUS}14 LUFS` }).click();
  await expect(dialog).toBeHidden();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText(`Mastered ${MINUS}14 LUFS`);
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(player.getByTestId('player-time')).not.toHaveText('0:00');
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();

  // The new version is listed, marked as made from the original, which is still there.
  const versions = page.getByRole('list', { name: 'Versions of Sine Song' });
  const mastered = versions.getByRole('listitem').filter({ hasText: `Mastered ${MINUS}14 LUFS` });
  await expect(mastered).toContainText('Mastered from Mix 1');
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(mastered.getByRole('button', { name: /^Play .* in the player$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await mastered.scrollIntoViewIfNeeded();
  await shots(page, 'list');

  // Its analysis reads the target.
  await page.getByRole('button', { name: `Analysis of Mastered ${MINUS}14 LUFS` }).click();
  const analysis = page.getByRole('dialog', { name: `Analysis · Mastered ${MINUS}14 LUFS` });
  await expect(analysis.getByTestId('figure-integrated')).toHaveText(/^\u22121\d\.\d\s*LUFS$/, {
    timeout: 30_000,
  });
  const text = (await analysis.getByTestId('figure-integrated').textContent()) ?? '';
  expect(Math.abs(Number.parseFloat(text.replace(MINUS, '-')) - -14)).toBeLessThanOrEqual(0.5);
});

test('the dashboard quick action "AI Mastering" picks a version and makes a −16 LUFS master', async ({
  page,
  request,
}) => {
  const { owner, projectId } = await seed(request, 'Quick Masters', 'Dash Tone');
  await signInTo(page, owner, '/');
  await page
    .getByRole('region', { name: 'Quick Actions' })
    .getByRole('button', { name: /AI Mastering/ })
    .click();
  const picker = page.getByRole('dialog', { name: 'Loudness mastering' });
  await expect(picker).toContainText('Loudness normalisation to a target with a true-peak limit');
  await picker.getByLabel('Project', { exact: true }).selectOption({ label: 'Quick Masters' });
  await picker.getByLabel('Track').selectOption({ label: '1. Dash Tone' });
  await expect(picker.getByLabel('Version')).toContainText('Mix 1 (current)');
  await expectAccessible(page);
  await picker.getByRole('button', { name: 'Continue' }).click();

  const dialog = page.getByRole('dialog', { name: 'Master · Mix 1' });
  await expect(dialog).toContainText('Quick Masters · Dash Tone');
  await dialog.getByRole('button', { name: /Apple Music/ }).click();
  await expect(dialog.getByLabel('Target loudness (LUFS)')).toHaveValue('-16');
  await dialog.getByRole('button', { name: 'Start mastering' }).click();
  await expect(dialog.getByText('Mastered version ready')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText(`Mastered ${MINUS}16 LUFS`);

  await dialog.getByRole('link', { name: 'Open the track' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/tracks$`));
  const mastered = page
    .getByRole('list', { name: 'Versions of Dash Tone' })
    .getByRole('listitem')
    .filter({ hasText: `Mastered ${MINUS}16 LUFS` });
  await expect(mastered).toContainText('Mastered from Mix 1');
});

test('a target outside −24 … −6 LUFS is refused in the form and nothing is sent', async ({
  page,
  request,
}) => {
  const { owner, projectId } = await seed(request, 'Bad Input', 'Too Quiet');
  const masterCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/master')) masterCalls.push(r.url());
  });
  await signInTo(page, owner, `/projects/${projectId}/tracks`);
  await page.getByRole('button', { name: 'Master Mix 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Master · Mix 1' });
  const target = dialog.getByLabel('Target loudness (LUFS)');
  await target.fill('-30');
  await dialog.getByRole('button', { name: 'Start mastering' }).click();
  await expect(dialog).toContainText(`Target loudness must be between ${MINUS}24 and ${MINUS}6 LUFS`);
  await expect(target).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await expectAccessible(page);
  expect(masterCalls).toEqual([]);
});

test('a view-only collaborator sees no Master action and cannot pick the project to master', async ({
  page,
  request,
}) => {
  const { token, projectId } = await seed(request, 'Shared Masters', 'Listen Only');
  const viewer = await createAccount(request, { name: 'Vi Ewer' });
  await addMember(request, token, projectId, viewer, { permission: 'view', role: 'A&R' });

  await signInTo(page, viewer, `/projects/${projectId}/tracks`);
  await expect(page.getByRole('button', { name: 'Analysis of Mix 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Master Mix 1' })).toHaveCount(0);

  await page.goto('/');
  await page
    .getByRole('region', { name: 'Quick Actions' })
    .getByRole('button', { name: /AI Mastering/ })
    .click();
  const picker = page.getByRole('dialog', { name: 'Loudness mastering' });
  await expect(picker.getByLabel('Project', { exact: true })).not.toContainText('Shared Masters');
});

test('progress mid-way, and the dashboard lists the work under way with a progress bar', async ({
  page,
  request,
}) => {
  // The job takes well under a second here: hold it mid-way by answering for the server, so the progress and
  // the dashboard panel can be looked at.
  const { owner, projectId, trackId, versionId } = await seed(request, 'Slow Masters', 'Long Song');
  const now = new Date().toISOString();
  const job = {
    _id: 'held-job',
    kind: 'mastering',
    status: 'running',
    progress: 0.42,
    error: null,
    projectId,
    subjectId: versionId,
    createdAt: now,
    startedAt: now,
    finishedAt: null,
    result: null,
  };
  const active = [
    {
      ...job,
      project: { _id: projectId, title: 'Slow Masters' },
      track: { _id: trackId, title: 'Long Song' },
      versionLabel: 'Mix 1',
    },
    {
      ...job,
      _id: 'held-analysis',
      kind: 'analysis',
      status: 'queued',
      progress: 0,
      project: { _id: projectId, title: 'Slow Masters' },
      track: { _id: trackId, title: 'Long Song' },
      versionLabel: `Mastered ${MINUS}14 LUFS`,
    },
  ];
  await page.route('**/master', (route) =>
    route.fulfill({
      status: 202,
      json: {
        success: true,
        message: 'Mastering queued',
        data: { job: { ...job, status: 'queued', progress: 0 } },
      },
    }),
  );
  // The dialog's fallback reads the job itself when no job:updated arrives.
  await page.route('**/api/jobs/held-job', (route) =>
    route.fulfill({ status: 200, json: { success: true, message: 'Job', data: { job } } }),
  );
  await page.route('**/api/dashboard', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.activeJobs = active;
    await route.fulfill({ response, json: body });
  });

  await signInTo(page, owner, `/projects/${projectId}/tracks`);
  await page.getByRole('button', { name: 'Master Mix 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Master · Mix 1' });
  await dialog.getByRole('button', { name: 'Start mastering' }).click();
  const progress = dialog.getByRole('progressbar', { name: 'Mastering progress' });
  await expect(progress).toHaveAttribute('aria-valuetext', 'Queued\u2026');
  // No job:updated comes for it, so the dialog asks the server: 42 %.
  await expect(progress).toHaveAttribute('aria-valuenow', '42');
  await expect(dialog.getByRole('status')).toHaveText('Mastering \u00b7 42 %');
  await expectAccessible(page);
  await shots(page, 'progress');

  await page.keyboard.press('Escape');
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Work under way' });
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('listitem').first()).toContainText('Mastering');
  await expect(panel.getByRole('listitem').first()).toContainText('Slow Masters · Long Song · Mix 1');
  await expect(panel.getByRole('progressbar', { name: 'Mastering of Long Song · Mix 1' })).toHaveAttribute(
    'aria-valuenow',
    '42',
  );
  await expect(panel.getByRole('listitem').nth(1)).toContainText('Queued\u2026');
  await expectAccessible(page);
  await shots(page, 'dashboard');
});

test('the dashboard hides Work under way when nothing runs', async ({ page, request }) => {
  const owner = await createAccount(request, { name: 'Idle Ida' });
  await signInTo(page, owner, '/');
  await expect(page.getByRole('region', { name: 'Quick Actions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Work under way' })).toHaveCount(0);
});
