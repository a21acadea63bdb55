// Helpers for the tracks and files specs: a project made through the API, a WAV written by the test, and
// screenshots at the two widths every screen is checked at.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Account } from './fixtures.ts';

export const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-B';

export async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).data.token;
}

export async function createProject(
  request: APIRequestContext,
  account: Account,
  title: string,
): Promise<string> {
  const res = await request.post('/api/projects', {
    data: { title, type: 'album', metadata: { genre: 'electronic' } },
    headers: { authorization: `Bearer ${await tokenOf(request, account)}` },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.project._id;
}

/** A fresh directory for files a test writes (outside the shared test-results folder). */
export const scratchDir = () => mkdtempSync(path.join(tmpdir(), 'mixdesk-e2e-media-'));

/** A 16-bit stereo PCM WAV file of interleaved samples `data`. */
export function stereoWav16(data: Buffer, rate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A 16-bit, 48 kHz stereo WAV of a 1 kHz sine whose peak is `dbfs` (a sine's loudness in LUFS is that level). */
export function toneWav(dbfs: number, seconds: number): Buffer {
  const rate = 48_000;
  const frames = rate * seconds;
  const amplitude = 10 ** (dbfs / 20) * 32767;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * 1000 * i) / rate) * amplitude);
    data.writeInt16LE(v, i * 4);
    data.writeInt16LE(v, i * 4 + 2);
  }
  return stereoWav16(data, rate);
}

/** A 16-bit stereo WAV of a sine wave, written to `dir`; returns its path. */
export function writeSineWav(dir: string, name: string, seconds: number, hz = 440): string {
  const rate = 44_100;
  const frames = Math.round(seconds * rate);
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    // A slow swell, so the waveform has a shape to see.
    const envelope = 0.2 + 0.7 * Math.abs(Math.sin((Math.PI * i) / frames));
    const v = Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * envelope * 32767);
    data.writeInt16LE(v, i * 4);
    data.writeInt16LE(v, i * 4 + 2);
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, stereoWav16(data, rate));
  return file;
}

/** Full-page screenshots at 1280 px and 390 px wide (and dark at 1280), for a person to look at, in `dir`. */
export async function screenshots(page: Page, name: string, dir = SHOTS_DIR): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  // Dark is the app's default theme (the test browser prefers light): look at it too.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(dir, `${name}-dark-1280.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

/** A track made through the API with one version, `label`, of a 48 kHz tone `seconds` long; returns the track's id. */
export async function createTrackWithVersion(
  request: APIRequestContext,
  account: Account,
  projectId: string,
  title: string,
  label: string,
  seconds = 8,
): Promise<string> {
  const headers = { authorization: `Bearer ${await tokenOf(request, account)}` };
  const track = await request.post(`/api/projects/${projectId}/tracks`, { data: { title }, headers });
  expect(track.status()).toBe(201);
  const trackId = (await track.json()).data.track._id as string;
  const upload = await request.post(`/api/projects/${projectId}/tracks/${trackId}/versions`, {
    headers,
    multipart: { label, file: { name: 'tone.wav', mimeType: 'audio/wav', buffer: toneWav(-18, seconds) } },
  });
  expect(upload.status()).toBe(201);
  return trackId;
}
