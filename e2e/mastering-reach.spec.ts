// A master out of reach, on screen (issue #32): a version whose loudness comes from short kicks far above a
// quiet pad cannot be made −9 LUFS under −1 dBTP without flattening the kicks. The dialog says so in the
// server's words (what it measured, what the limiter would have to take, the loudest target that works),
// nothing new is listed, and the target it offers, typed in through Change settings, makes a master.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { signInTo } from './account-helpers.ts';
import { createAccount, expectAccessible } from './fixtures.ts';
import { createProject, stereoWav16, tokenOf } from './media-fixtures.ts';

const MINUS = '\u2212';

/**
 * 10 s of 16-bit 48 kHz stereo: a pad of two sines at −26 dBFS each and, on every beat of 120 BPM, a 55 Hz
 * kick peaking at −1 dBFS that dies away in about 60 ms.
 */
function kickWav(): Buffer {
  const rate = 48_000;
  const frames = rate * 10;
  const data = Buffer.alloc(frames * 4);
  const pad = 10 ** (-26 / 20);
  const kick = 10 ** (-1 / 20);
  for (let i = 0; i < frames; i++) {
    const t = i / rate;
    const since = (i % (rate / 2)) / rate;
    const v =
      pad * (Math.sin(2 * Math.PI * 220 * t) + Math.sin(2 * Math.PI * 330 * t)) +
      kick * Math.sin(2 * Math.PI * 55 * since) * Math.exp(-since / 0.06);
    const sample = Math.round(Math.max(-1, Math.min(1, v)) * 32767);
    data.writeInt16LE(sample, i * 4);
    data.writeInt16LE(sample, i * 4 + 2);
  }
  return stereoWav16(data, rate);
}

async function seed(request: APIRequestContext) {
  const owner = await createAccount(request, { name: 'Rita Reach' });
  const projectId = await createProject(request, owner, 'Loud Dreams');
  const headers = { authorization: `Bearer ${await tokenOf(request, owner)}` };
  const track = await request.post(`/api/projects/${projectId}/tracks`, {
    data: { title: 'Kicks' },
    headers,
  });
  expect(track.status()).toBe(201);
  const trackId = (await track.json()).data.track._id as string;
  const upload = await request.post(`/api/projects/${projectId}/tracks/${trackId}/versions`, {
    headers,
    multipart: { label: 'Mix 1', file: { name: 'kicks.wav', mimeType: 'audio/wav', buffer: kickWav() } },
  });
  expect(upload.status()).toBe(201);
  return { owner, projectId };
}

test('a target out of reach is refused with the reason and a target that works, which then masters', async ({
  page,
  request,
}) => {
  const { owner, projectId } = await seed(request);
  await signInTo(page, owner, `/projects/${projectId}/tracks`);
  await page.getByRole('button', { name: 'Master Mix 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Master · Mix 1' });
  await dialog.getByLabel('Target loudness (LUFS)').fill('-9');
  await dialog.getByRole('button', { name: 'Start mastering' }).click();

  const failed = dialog.getByRole('alert').filter({ hasText: 'Mastering failed' });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(failed).toContainText(
    `${MINUS}9.0 LUFS under ${MINUS}1.0 dBTP is out of reach for this version`,
  );
  await expect(failed).toContainText('more than the 3.0 dB a master takes without audible distortion');
  const text = (await failed.textContent()) ?? '';
  const offered = /is about (\u2212\d+\.\d) LUFS: try that or a lower target\./.exec(text)?.[1];
  expect(offered, text).toBeDefined();
  await expectAccessible(page);

  // The target it offers, through Change settings, makes a master.
  await dialog.getByRole('button', { name: 'Change settings' }).click();
  const target = dialog.getByLabel('Target loudness (LUFS)');
  await expect(target).toHaveValue('-9');
  await target.fill(offered!.replace(MINUS, '-'));
  await dialog.getByRole('button', { name: 'Start mastering' }).click();
  await expect(dialog.getByText('Mastered version ready')).toBeVisible({ timeout: 30_000 });
  const label = `Mastered ${offered!.replace(/\.0$/, '')} LUFS`;
  await expect(dialog).toContainText(label);
  await page.keyboard.press('Escape');
  // The original and the one master: the refused one left nothing behind.
  const versions = page.getByRole('list', { name: 'Versions of Kicks' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions).not.toContainText(`Mastered ${MINUS}9 LUFS`);
  await expect(versions.getByRole('listitem').filter({ hasText: label })).toContainText(
    'Mastered from Mix 1',
  );
});
