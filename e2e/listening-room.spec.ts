// The listening room (issue #35): A/B compare of two mixes in one transport. Mix 1 is a tone at −14 LUFS, Mix 2
// the same tone 6 dB louder (−8 LUFS); matched, Mix 2 plays 6.0 dB down. 100 switches at random
// moments keep the position within 10 ms and never stop the playback; the state is in the link and a reload
// restores it; a comment written while B is heard lands on B at the playhead. A bad link says what is wrong.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { scratchDir, screenshots, tokenOf, toneWav } from './media-fixtures.ts';
import { openAs, seedReview } from './review-fixtures.ts';

async function seed(request: APIRequestContext) {
  const seeded = await seedReview(request, {
    project: 'Listening Room EP',
    track: 'Night Drive',
    version: 'Mix 0',
    seconds: 2,
  });
  const { owner, projectId, trackId } = seeded;
  const headers = { authorization: `Bearer ${await tokenOf(request, owner)}` };
  const upload = async (label: string, dbfs: number) => {
    const res = await request.post(`/api/projects/${projectId}/tracks/${trackId}/versions`, {
      headers,
      multipart: {
        label,
        makeCurrent: 'true',
        file: { name: `${label}.wav`, mimeType: 'audio/wav', buffer: toneWav(dbfs, 120) },
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).data.version._id as string;
  };
  const mixOne = await upload('Mix 1', -14);
  const mixTwo = await upload('Mix 2', -8);
  return { ...seeded, headers, mixOne, mixTwo };
}

/** The two audio elements: which is heard (the one not at volume 0), their times and volumes. */
const audioState = (page: Page) =>
  page.evaluate(() => {
    const [a, b] = ['a', 'b'].map(
      (s) => document.querySelector<HTMLAudioElement>(`[data-testid="compare-audio-${s}"]`)!,
    );
    return {
      a: { time: a!.currentTime, volume: a!.volume, paused: a!.paused },
      b: { time: b!.currentTime, volume: b!.volume, paused: b!.paused },
    };
  });

test('A/B: matched loudness, 100 switches without losing the place, the state in the link, a comment on B', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { owner, projectId, trackId, headers, mixOne, mixTwo } = await seed(request);
  const page = await openAs(browser, owner, `/projects/${projectId}/tracks?track=${trackId}`);
  await page.getByRole('button', { name: 'Compare versions of Night Drive' }).click();
  // The current version (Mix 2) and the one before it (Mix 1).
  await expect(page).toHaveURL(new RegExp(`compare=${mixTwo}%2C${mixOne}|compare=${mixTwo},${mixOne}`));
  const player = page.getByTestId('compare-player');
  await expect(player.getByLabel('Version A')).toHaveValue(mixTwo);
  await expect(player.getByLabel('Version B')).toHaveValue(mixOne);
  // Both measured (the analyses run after the uploads): each one's loudness, and the louder 6.0 dB down.
  await expect(page.getByTestId('compare-loudness-a')).toContainText('−8.0 LUFS', { timeout: 60_000 });
  await expect(page.getByTestId('compare-loudness-b')).toContainText('−14.0 LUFS', { timeout: 60_000 });
  await expect(page.getByTestId('compare-loudness-a')).toContainText('−6.0 dB');
  await expect(page.getByRole('switch', { name: 'Match loudness' })).toBeChecked();
  await expectAccessible(page);
  await screenshots(page, 'listening-room-compare');

  await player.getByRole('button', { name: 'Play' }).click();
  await expect.poll(async () => (await audioState(page)).a.time, { timeout: 15_000 }).toBeGreaterThan(0.5);
  // A at −6.0 dB is a volume of 10^(−6/20).
  expect((await audioState(page)).a.volume).toBeCloseTo(10 ** (-6 / 20), 3);

  // 100 switches with the X key, each at a random moment: the position heard before and after differ by at most
  // 10 ms, and the playback never stops.
  let worst = 0;
  for (let i = 0; i < 100; i++) {
    // A deliberate pause of 30–150 ms: the moments are random on purpose, not a wait for something.
    await page.waitForTimeout(30 + Math.floor(Math.random() * 120));
    const step = await page.evaluate(() => {
      const els = ['a', 'b'].map(
        (s) => document.querySelector<HTMLAudioElement>(`[data-testid="compare-audio-${s}"]`)!,
      );
      const heard = els.findIndex((el) => el.volume > 0);
      const before = els[heard]!.currentTime;
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true }));
      const now = els.findIndex((el) => el.volume > 0);
      return { heard, now, diff: Math.abs(els[now]!.currentTime - before), paused: els[now]!.paused };
    });
    expect(step.now, `switch ${i}`).not.toBe(step.heard);
    expect(step.paused, `switch ${i}`).toBe(false);
    worst = Math.max(worst, step.diff);
  }
  expect(worst).toBeLessThanOrEqual(0.01);
  // The figure for the record (the closing note of issue #35 reports it).
  test.info().annotations.push({ type: 'worst switch offset (ms)', description: (worst * 1000).toFixed(2) });
  console.log(`A/B: 100 switches, worst offset ${(worst * 1000).toFixed(2)} ms`);
  const after = await audioState(page);
  expect(after.a.paused || after.b.paused).toBe(false);

  // The switch button and the A/B keys do the same; B heard now, matched B plays at full volume.
  await page.keyboard.press('b');
  await expect(player).toHaveAttribute('data-heard', 'b');
  await expect.poll(async () => (await audioState(page)).b.volume).toBe(1);
  // A comment written while B is heard lands on B (Mix 1) at the playhead.
  await player.getByRole('button', { name: 'Pause' }).click();
  const heardAt = (await audioState(page)).b.time;
  const box = page.getByRole('form', { name: 'New comment' });
  await box.getByLabel('Comment').fill('The snare is louder on this one');
  await box.getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByRole('article', { name: /Comment by Paula Producer/ })).toBeVisible();
  const onB = await request.get(`/api/projects/${projectId}/tracks/${trackId}/versions/${mixOne}/comments`, {
    headers,
  });
  const written = (await onB.json()).data.comments.find(
    (c: { body: string }) => c.body === 'The snare is louder on this one',
  );
  expect(written).toBeDefined();
  expect(Math.abs(written.at - heardAt)).toBeLessThanOrEqual(0.1);

  // Match off: both as they are. The link keeps it, with the time, and opening it restores the comparison.
  await page.getByRole('switch', { name: 'Match loudness' }).click();
  await expect(page).toHaveURL(/match=0/);
  await player.getByRole('button', { name: 'Listen to A (Mix 2)' }).click();
  await expect.poll(async () => (await audioState(page)).a.volume).toBe(1);
  const link = new URL(page.url());
  link.searchParams.set('t', '12.3');
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('compare-time')).toContainText('0:12');
  await expect(page.getByRole('switch', { name: 'Match loudness' })).not.toBeChecked();
  await expect(page.getByLabel('Version A')).toHaveValue(mixTwo);
  expect((await audioState(page)).a.time).toBeCloseTo(12.3, 1);
  // Past the end is the end; a version with itself is refused, said plainly.
  link.searchParams.set('t', '999');
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('compare-time')).toContainText('2:00 / 2:00');
  link.searchParams.set('compare', `${mixOne},${mixOne}`);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('alert')).toContainText('Pick two different versions to compare.');
  await page.context().close();
});

test('an AIFF plays from its lossless copy, data saver plays the compact one (remembered), markers download', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const seeded = await seedReview(request, {
    project: 'Copies EP',
    track: 'Harbour',
    version: 'Mix 0',
    seconds: 2,
  });
  const { owner, projectId, trackId } = seeded;
  const headers = { authorization: `Bearer ${await tokenOf(request, owner)}` };
  // Chromium plays no AIFF: the player must take the FLAC copy. Debian's ffmpeg writes the file.
  const dir = scratchDir();
  const aiff = path.join(dir, 'take.aiff');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=20',
    '-ac',
    '2',
    '-c:a',
    'pcm_s24be',
    aiff,
  ]);
  const upload = await request.post(`/api/projects/${projectId}/tracks/${trackId}/versions`, {
    headers,
    multipart: {
      label: 'Take AIFF',
      makeCurrent: 'true',
      file: { name: 'take.aiff', mimeType: 'audio/aiff', buffer: readFileSync(aiff) },
    },
  });
  expect(upload.status()).toBe(201);
  const version = (await upload.json()).data.version as { _id: string; audioUrl: string };
  const versionUrl = `/api/projects/${projectId}/tracks/${trackId}/versions/${version._id}`;
  await expect
    .poll(
      async () =>
        (await (await request.get(versionUrl, { headers })).json()).data.version.copies.compact.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('done');
  const comments = `${versionUrl}/comments`;
  expect(
    (await request.post(comments, { data: { body: 'Breath, cut it', at: 1.5 }, headers })).status(),
  ).toBe(201);

  const page = await openAs(browser, owner, `/projects/${projectId}/tracks?track=${trackId}`);
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player.getByTestId('player-source')).toHaveText('Lossless copy (FLAC)');
  const audio = player.locator('audio');
  await expect(audio).toHaveAttribute('src', `${version.audioUrl}?copy=lossless`);
  await player.getByRole('button', { name: 'Play' }).click();
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.3);
  await player.getByRole('button', { name: 'Pause' }).click();

  await player.getByRole('checkbox', { name: 'Data saver' }).click();
  await expect(player.getByTestId('player-source')).toHaveText('Compact copy (AAC)');
  await expect(audio).toHaveAttribute('src', `${version.audioUrl}?copy=compact`);
  await page.reload();
  await expect(player.getByRole('checkbox', { name: 'Data saver' })).toBeChecked();
  await expect(audio).toHaveAttribute('src', `${version.audioUrl}?copy=compact`);
  await expectAccessible(page);
  await screenshots(page, 'listening-room-player');

  // The comments as an Audacity label track: the marker at 1.5 s, to the microsecond.
  await page.getByRole('button', { name: 'Downloads of Take AIFF' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Audacity labels (.txt)' }).click();
  const file = await (await downloading).path();
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  expect(lines).toEqual(['1.500000\t1.500000\tPaula Producer: Breath, cut it']);
  await page.context().close();
});
