// Bad uploads and bad ranges: each gets a clear 4xx JSON error and changes nothing (no row, no byte on disk).
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  multipart,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  storedFiles,
  totalsCheck,
  uploadVersion,
} from './media-testing.ts';

const LIMIT = 300_000;
let t: TestApp;
let p: ProjectWithPeople;
let trackId: string;

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: LIMIT });
  p = await projectWithPeople(t.app);
  trackId = (await addTrack(t.app, p.owner.token, p.projectId))._id;
});
// Each upload's background jobs (waveform, analysis, listening copies) end before the next test looks.
afterEach(() => jobQueue(t.app.ctx).idle());
afterAll(async () => {
  await t.close();
});

const filesOnDisk = () => storedFiles(t.config.dataDir);
const versionRows = () => t.app.ctx.db.selectFrom('track_versions').select('id').execute();
const versionsUrl = () => `/api/projects/${p.projectId}/tracks/${trackId}/versions`;

/** Runs a bad upload and checks that nothing changed: rows, totals, files on disk. */
async function refused(upload: () => Promise<{ statusCode: number; json: () => unknown }>, status: number) {
  const [files, rows, totals] = [filesOnDisk(), await versionRows(), await totalsCheck(t.app, p.projectId)];
  const res = await upload();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  expect(filesOnDisk()).toEqual(files);
  expect(await versionRows()).toEqual(rows);
  expect(await totalsCheck(t.app, p.projectId)).toEqual(totals);
  return res.json() as { message: string; error: { code: string } };
}

describe('refused uploads', () => {
  it.each([
    ['plain text renamed .wav', Buffer.from('These are my lyrics, not a mix.\n'.repeat(50))],
    [
      'a PNG renamed .wav',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), Buffer.alloc(500)]),
    ],
    [
      'a WAV header over garbage',
      Buffer.concat([Buffer.from('RIFF\x00\x10\x00\x00WAVEjunk', 'latin1'), Buffer.alloc(4000, 0x41)]),
    ],
    ['an HLS playlist renamed .wav', Buffer.from('#EXTM3U\n#EXTINF:10,\nfile:///etc/passwd\n')],
  ])('%s: 415', async (_name, data) => {
    const body = await refused(
      () => uploadVersion(t.app, p.owner.token, p.projectId, trackId, data, 'mix.wav'),
      415,
    );
    expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(body.message).toMatch(/not an audio file/);
  });

  it('an empty file: 400', async () => {
    await refused(() => uploadVersion(t.app, p.owner.token, p.projectId, trackId, Buffer.alloc(0)), 400);
  });

  it('a file over the limit: 413, with nothing left on disk', async () => {
    const body = await refused(
      () => uploadVersion(t.app, p.owner.token, p.projectId, trackId, sineWav({ seconds: 4 })),
      413,
    );
    expect(body.message).toBe('The file is larger than the 293 KB upload limit.');
  });

  it('a WAV of exactly the limit is stored whole; one byte more: 413 with the limit’s message, nothing kept', async () => {
    // 44 header bytes and 2 bytes a mono frame.
    const exact = sineWav({ seconds: (LIMIT - 44) / 2 / 44_100, channels: 1 });
    expect(exact.length).toBe(LIMIT);
    const body = await refused(
      () =>
        uploadVersion(
          t.app,
          p.owner.token,
          p.projectId,
          trackId,
          Buffer.concat([exact, Buffer.alloc(1)]),
          'over.wav',
        ),
      413,
    );
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.message).toBe('The file is larger than the 293 KB upload limit.');

    const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, exact, 'exact.wav');
    expect(res.statusCode, res.body).toBe(201);
    const { version } = res.json().data;
    expect(version.size).toBe(LIMIT);
    const audio = await t.app.inject({ url: version.audioUrl, headers: bearer(p.owner.token) });
    expect(audio.rawPayload.equals(exact)).toBe(true);
  });

  it('a declared Content-Length far over the limit: 413 before reading the body', async () => {
    const body = multipart([{ name: 'file', value: sineWav({ seconds: 0.1 }), filename: 'a.wav' }]);
    await refused(
      () =>
        t.app.inject({
          method: 'POST',
          url: versionsUrl(),
          headers: { ...bearer(p.owner.token), ...body.headers, 'content-length': String(LIMIT * 10) },
          payload: body.payload,
        }),
      413,
    );
  });

  it('a body cut off mid-file: 400, no row and no partial file', async () => {
    const body = multipart([{ name: 'file', value: sineWav({ seconds: 1 }), filename: 'a.wav' }]);
    const cut = body.payload.subarray(0, Math.floor(body.payload.length / 2));
    const res = await refused(
      () =>
        t.app.inject({
          method: 'POST',
          url: versionsUrl(),
          headers: { ...bearer(p.owner.token), ...body.headers },
          payload: cut,
        }),
      400,
    );
    expect(res.message).toMatch(/cut off/);
  });

  it('a client that disconnects mid-upload leaves no row and no partial file', async () => {
    const [files, rows] = [filesOnDisk(), await versionRows()];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const body = multipart([{ name: 'file', value: sineWav({ seconds: 1.5 }), filename: 'a.wav' }]);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${versionsUrl()} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${p.owner.token}\r\n` +
        `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, 150_000));
    // Wait until the server is writing the file, then vanish.
    await expect.poll(() => filesOnDisk().some((f) => f.endsWith('.part')), { timeout: 10_000 }).toBe(true);
    socket.destroy();
    await expect.poll(() => filesOnDisk(), { timeout: 10_000 }).toEqual(files);
    expect(await versionRows()).toEqual(rows);
  });

  it('no file part, a file under another name, or a JSON body: 4xx', async () => {
    const onlyLabel = multipart([{ name: 'label', value: 'Mix v1' }]);
    await refused(
      () =>
        t.app.inject({
          method: 'POST',
          url: versionsUrl(),
          headers: { ...bearer(p.owner.token), ...onlyLabel.headers },
          payload: onlyLabel.payload,
        }),
      400,
    );
    const wrongName = multipart([{ name: 'audio', value: sineWav(), filename: 'a.wav' }]);
    await refused(
      () =>
        t.app.inject({
          method: 'POST',
          url: versionsUrl(),
          headers: { ...bearer(p.owner.token), ...wrongName.headers },
          payload: wrongName.payload,
        }),
      400,
    );
    await refused(
      () =>
        t.app.inject({
          method: 'POST',
          url: versionsUrl(),
          headers: bearer(p.owner.token),
          payload: { file: 'x' },
        }),
      415,
    );
  });

  it.each([
    [[{ name: 'label', value: 'L'.repeat(101) }], 'label'],
    [[{ name: 'makeCurrent', value: 'yes please' }], 'makeCurrent'],
    [[{ name: 'owner', value: 'me' }], ''],
  ])('bad fields %j: 400', async (fields, path) => {
    const body = await refused(
      () =>
        uploadVersion(t.app, p.owner.token, p.projectId, trackId, sineWav({ seconds: 0.2 }), 'a.wav', fields),
      400,
    );
    expect(body.error.code).toBe('VALIDATION_ERROR');
    if (path) expect(JSON.stringify(body)).toContain(path);
  });
});

describe('text fields at their caps', () => {
  it('a 100-character label is kept; a 2,000-byte field reaches its own check; one byte more is too long', async () => {
    const upload = (label: string) =>
      uploadVersion(t.app, p.owner.token, p.projectId, trackId, sineWav({ seconds: 0.1 }), 'a.wav', [
        { name: 'label', value: label },
      ]);
    const atCap = await refused(() => upload('x'.repeat(2000)), 400);
    expect(atCap.message).toBe('Label must be at most 100 characters');
    const over = await refused(() => upload('x'.repeat(2001)), 400);
    expect(over.message).toBe('The field "label" is too long.');
    const longest = await upload('L'.repeat(100));
    expect(longest.statusCode, longest.body).toBe(201);
    expect(longest.json().data.version.label).toBe('L'.repeat(100));
  });
});

describe('file names', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['mix\u0000.wav', 'mix.wav'],
    ['Björk – Jóga (Mix v3).wav', 'Björk – Jóga (Mix v3).wav'],
  ])('%j is stored as %j under an id and served with a safe Content-Disposition', async (name, shown) => {
    const res = await uploadVersion(
      t.app,
      p.owner.token,
      p.projectId,
      trackId,
      sineWav({ seconds: 0.2 }),
      name,
    );
    expect(res.statusCode).toBe(201);
    const { version } = res.json().data;
    expect(version.originalName).toBe(shown);
    expect(
      filesOnDisk().every((f) =>
        /\/files\/projects\/[0-9a-f-]+\/tracks\/[0-9a-f-]+(-lossless|-compact)?$/.test(f),
      ),
    ).toBe(true);
    const audio = await t.app.inject({
      url: `${version.audioUrl}?download=1`,
      headers: bearer(p.owner.token),
    });
    const header = String(audio.headers['content-disposition']);
    expect(header.startsWith('attachment; filename="')).toBe(true);
    expect(header).toContain(
      `filename*=UTF-8''${encodeURIComponent(shown).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    expect([...header].every((c) => c >= ' ' && c <= '~')).toBe(true);
  });
});

describe('HTTP ranges on the audio endpoint', () => {
  let url: string;
  let wav: Buffer;
  beforeAll(async () => {
    wav = sineWav({ seconds: 0.5 });
    const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, wav, 'range.wav');
    url = res.json().data.version.audioUrl;
  });
  const fetchAudio = (headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...bearer(p.owner.token), ...headers } });

  it('serves the whole file inline, announcing byte ranges', async () => {
    const res = await fetchAudio();
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'audio/wav',
      'content-length': String(wav.length),
    });
    expect(String(res.headers['content-disposition'])).toMatch(/^inline; /);
    expect(res.rawPayload.equals(wav)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-', 1000, -1],
    ['bytes=-500', -500, -1],
    ['bytes=44-44', 44, 44],
  ])('%s: 206 with the right bytes and Content-Range', async (range, start, end) => {
    const res = await fetchAudio({ range });
    const s = start < 0 ? wav.length + start : start;
    const e = end < 0 ? wav.length - 1 : end;
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${s}-${e}/${wav.length}`);
    expect(res.headers['content-length']).toBe(String(e - s + 1));
    expect(res.rawPayload.equals(wav.subarray(s, e + 1))).toBe(true);
  });

  it.each(['bytes=999999999-', 'bytes=500-100', 'bytes=abc', 'bytes=-0'])(
    '%s: 416 with a JSON error',
    async (range) => {
      const res = await fetchAudio({ range });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${wav.length}`);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/range/) });
    },
  );

  it('serves the whole file for several ranges or a stale If-Range', async () => {
    expect((await fetchAudio({ range: 'bytes=0-1,10-20' })).statusCode).toBe(200);
    expect((await fetchAudio({ range: 'bytes=0-1', 'if-range': '"stale"' })).statusCode).toBe(200);
  });

  it('answers HEAD with what a GET would send, and no body', async () => {
    const head = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'HEAD', url, headers: { ...bearer(p.owner.token), ...headers } });
    const whole = await head();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(wav.length));
    expect(whole.rawPayload.length).toBe(0);
    const part = await head({ range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({
      'content-length': '10',
      'content-range': `bytes 10-19/${wav.length}`,
    });
    expect(part.rawPayload.length).toBe(0);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = String((await fetchAudio()).headers.etag);
    expect((await fetchAudio({ 'if-none-match': etag })).statusCode).toBe(304);
  });
});
