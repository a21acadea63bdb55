// Uploads sent as the raw request body (application/octet-stream: the web app's way): the fields in the query
// string, the name in Content-Disposition. Stored like multipart uploads; every bad one gets a clear 4xx and
// changes nothing (no row, no byte on disk, totals as they were).
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { JSON_BODY_LIMIT } from '../../app.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  storedFiles,
  totalsCheck,
} from './media-testing.ts';

const LIMIT = 1_000_000;
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

const versionsUrl = (query = '') => `/api/projects/${p.projectId}/tracks/${trackId}/versions${query}`;
const filesUrl = (query = '') => `/api/projects/${p.projectId}/files${query}`;
const RAW = { 'content-type': 'application/octet-stream' };
const named = (name: string) => ({ 'content-disposition': `attachment; filename*=UTF-8''${name}` });

function post(url: string, payload: Buffer, headers: Record<string, string> = {}, token = p.owner.token) {
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...RAW, ...headers }, payload });
}

const filesOnDisk = () => storedFiles(t.config.dataDir);
const rows = async () => ({
  versions: await t.app.ctx.db.selectFrom('track_versions').select('id').orderBy('id').execute(),
  files: await t.app.ctx.db.selectFrom('project_files').select('id').orderBy('id').execute(),
});

/** Runs a bad upload and checks that nothing changed: rows, totals, files on disk. */
async function refused(upload: () => Promise<{ statusCode: number; json: () => unknown }>, status: number) {
  const before = [filesOnDisk(), await rows(), await totalsCheck(t.app, p.projectId)];
  const res = await upload();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  expect([filesOnDisk(), await rows(), await totalsCheck(t.app, p.projectId)]).toEqual(before);
  return res.json() as { message: string; error: { code: string } };
}

describe('raw-body uploads', () => {
  it('stores a version bigger than the JSON body limit, with its label, name and audio facts', async () => {
    const wav = sineWav({ seconds: 2 });
    expect(wav.length).toBeGreaterThan(JSON_BODY_LIMIT);
    const res = await post(versionsUrl('?label=Mix%20v3&makeCurrent=true'), wav, named('Night%20Drive.wav'));
    expect(res.statusCode).toBe(201);
    const { version, track } = res.json().data;
    expect(version).toMatchObject({
      label: 'Mix v3',
      originalName: 'Night Drive.wav',
      size: wav.length,
      sampleRate: 44_100,
      channels: 2,
      bitDepth: 16,
    });
    expect(version.duration).toBeCloseTo(2, 2);
    expect(track.currentVersion._id).toBe(version._id);
    const audio = await t.app.inject({ url: version.audioUrl, headers: bearer(p.owner.token) });
    expect(audio.rawPayload.equals(wav)).toBe(true);
    const totals = await totalsCheck(t.app, p.projectId);
    expect(totals.stored).toEqual(totals.expected);
  });

  it('stores a project file in the category given in the query string', async () => {
    const lyrics = Buffer.from('Verse one\nChorus\n'.repeat(40));
    const res = await post(filesUrl('?category=lyrics'), lyrics, named('lyrics.txt'), p.editor.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.file).toMatchObject({
      category: 'lyrics',
      originalName: 'lyrics.txt',
      size: lyrics.length,
      mime: 'text/plain',
    });
  });

  it.each([
    ["filename*=UTF-8''..%2F..%2Fetc%2Fpasswd", 'passwd'],
    ["filename*=UTF-8''mix%00.wav", 'mix.wav'],
    ["filename*=utf-8'en'Bj%C3%B6rk%20%E2%80%93%20J%C3%B3ga.wav", 'Björk – Jóga.wav'],
    ['filename="say \\"hi\\".wav"', 'say "hi".wav'],
    ['filename=plain.wav', 'plain.wav'],
    ['inline', 'untitled'],
  ])('Content-Disposition %j is stored as %j', async (disposition, shown) => {
    const res = await post(versionsUrl(), sineWav({ seconds: 0.1 }), {
      'content-disposition': `attachment; ${disposition}`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.version.originalName).toBe(shown);
    expect(
      filesOnDisk().every((f) =>
        /\/files\/projects\/[0-9a-f-]+\/(tracks|files)\/[0-9a-f-]+(-lossless|-compact)?$/.test(f),
      ),
    ).toBe(true);
  });
});

describe('bad raw uploads: a clear 4xx and nothing changed', () => {
  it('a body that is not audio: 415', async () => {
    const body = await refused(() => post(versionsUrl(), Buffer.from('lyrics, not a mix\n'.repeat(30))), 415);
    expect(body.message).toMatch(/not an audio file/);
  });

  it('an empty body: 400', async () => {
    await refused(() => post(versionsUrl(), Buffer.alloc(0)), 400);
  });

  it.each(['audio/wav', 'text/csv', 'application/x-www-form-urlencoded'])(
    'Content-Type %s: 415',
    async (type) => {
      await refused(() => post(versionsUrl(), sineWav({ seconds: 0.1 }), { 'content-type': type }), 415);
    },
  );

  it('a body of exactly the limit is stored whole; one byte more: 413 with the limit’s message', async () => {
    const body = await refused(() => post(filesUrl('?category=stems'), Buffer.alloc(LIMIT + 1, 3)), 413);
    expect(body).toMatchObject({
      message: 'The file is larger than the 976.6 KB upload limit.',
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    const exact = Buffer.alloc(LIMIT, 3);
    const res = await post(filesUrl('?category=stems'), exact, named('exact.bin'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.file).toMatchObject({ size: LIMIT, originalName: 'exact.bin' });
    const download = await t.app.inject({
      url: res.json().data.file.downloadUrl,
      headers: bearer(p.owner.token),
    });
    expect(download.rawPayload.equals(exact)).toBe(true);
  });

  it('a declared Content-Length over the limit: 413 before reading the body', async () => {
    const body = await refused(
      () => post(versionsUrl(), sineWav({ seconds: 0.1 }), { 'content-length': String(LIMIT + 1) }),
      413,
    );
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['a field given twice', '?label=a&label=b', /given more than once/],
    ['a 101-character label', `?label=${'L'.repeat(101)}`, /label/],
    ['makeCurrent not a boolean', '?makeCurrent=yes%20please', /makeCurrent/],
    ['an unknown field', '?owner=me', /Unknown field/],
    ['a 3,000-byte field', `?label=${'x'.repeat(3000)}`, /too long/],
  ])('%s in the query string: 400', async (_name, query, message) => {
    const body = await refused(() => post(versionsUrl(query), sineWav({ seconds: 0.1 })), 400);
    expect(JSON.stringify(body)).toMatch(message);
  });

  it('a field of exactly 2,000 bytes reaches its own check; one byte more is refused as too long', async () => {
    const atCap = await refused(
      () => post(versionsUrl(`?label=${'x'.repeat(2000)}`), sineWav({ seconds: 0.1 })),
      400,
    );
    expect(atCap.message).toBe('Label must be at most 100 characters');
    const over = await refused(
      () => post(versionsUrl(`?label=${'x'.repeat(2001)}`), sineWav({ seconds: 0.1 })),
      400,
    );
    expect(over.message).toBe('The field "label" is too long.');
  });

  it.each([
    ["filename*=latin-1''caf%E9.wav", /UTF-8/],
    ["filename*=UTF-8''%E0%A4%A", /percent-encoded/],
  ])('Content-Disposition %s: 400', async (disposition, message) => {
    const body = await refused(
      () =>
        post(versionsUrl(), sineWav({ seconds: 0.1 }), {
          'content-disposition': `attachment; ${disposition}`,
        }),
      400,
    );
    expect(body.message).toMatch(message);
  });

  it('a bad category for a project file: 400', async () => {
    await refused(() => post(filesUrl('?category=secrets'), Buffer.from('x')), 400);
  });

  it('a stranger: 404; a view collaborator: 403; nobody signed in: 401', async () => {
    const wav = sineWav({ seconds: 0.1 });
    await refused(() => post(versionsUrl(), wav, {}, p.stranger.token), 404);
    await refused(() => post(versionsUrl(), wav, {}, p.viewer.token), 403);
    await refused(
      () => t.app.inject({ method: 'POST', url: versionsUrl(), headers: RAW, payload: wav }),
      401,
    );
  });
});

describe('raw uploads over a real socket', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends a request's head and then `body` on a raw socket (left open); `status`: the answer's code. */
  function send(head: string, body: Buffer, url = versionsUrl()) {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (c) => {
      answer += c.toString('latin1');
    });
    // Read as soon as the status line arrives: the server may answer before the whole body is sent.
    const status = new Promise<number>((resolve) => {
      socket.on('data', () => {
        if (answer.includes('\r\n')) resolve(Number(answer.split(' ')[1]));
      });
      socket.on('close', () => resolve(Number(answer.split(' ')[1] ?? 0)));
    });
    socket.on('error', () => undefined);
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${p.owner.token}\r\n` +
        `Content-Type: application/octet-stream\r\n${head}\r\n`,
    );
    socket.write(body);
    /** The whole answer's JSON body, once the server has sent it. */
    const json = async () => {
      await status;
      await expect.poll(() => answer.includes('\r\n\r\n{') && answer.trimEnd().endsWith('}')).toBe(true);
      return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    };
    return { socket, status, json };
  }

  it('a chunked body that grows past the limit: 413, with nothing left on disk', async () => {
    const before = [filesOnDisk(), await rows()];
    const wav = sineWav({ seconds: 8 });
    expect(wav.length).toBeGreaterThan(LIMIT);
    const chunked = Buffer.concat([
      Buffer.from(`${wav.length.toString(16)}\r\n`),
      wav,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const { socket, status } = send('Transfer-Encoding: chunked\r\n', chunked);
    expect(await status).toBe(413);
    socket.destroy();
    await expect.poll(() => filesOnDisk(), { timeout: 10_000 }).toEqual(before[0]);
    expect(await rows()).toEqual(before[1]);
  });

  it('a project file of exactly the limit, sent chunked, is stored; one byte more is a 413 with nothing kept', async () => {
    const chunked = (data: Buffer) =>
      Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n0\r\n\r\n')]);
    const before = [filesOnDisk(), await rows()];
    const over = send(
      'Transfer-Encoding: chunked\r\n',
      chunked(Buffer.alloc(LIMIT + 1, 7)),
      filesUrl('?category=stems'),
    );
    expect(await over.status).toBe(413);
    expect(await over.json()).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    over.socket.destroy();
    await expect.poll(() => filesOnDisk(), { timeout: 10_000 }).toEqual(before[0]);
    expect(await rows()).toEqual(before[1]);

    const exact = send(
      'Transfer-Encoding: chunked\r\n',
      chunked(Buffer.alloc(LIMIT, 7)),
      filesUrl('?category=stems'),
    );
    expect(await exact.status).toBe(201);
    expect(await exact.json()).toMatchObject({ success: true, data: { file: { size: LIMIT } } });
    exact.socket.destroy();
  });

  it('a track deleted while its version streams in: 404, and neither the row nor the file is kept', async () => {
    const doomed = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Doomed' }))._id;
    const url = `/api/projects/${p.projectId}/tracks/${doomed}/versions`;
    const before = [filesOnDisk(), await rows()];
    const wav = sineWav({ seconds: 4 });
    const upload = send(`Content-Length: ${wav.length}\r\n`, wav.subarray(0, 300_000), url);
    await expect.poll(() => filesOnDisk().some((f) => f.endsWith('.part')), { timeout: 10_000 }).toBe(true);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.projectId}/tracks/${doomed}`,
      headers: bearer(p.owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    upload.socket.write(wav.subarray(300_000));
    expect(await upload.status).toBe(404);
    expect(await upload.json()).toMatchObject({ success: false, message: 'Track not found' });
    upload.socket.destroy();
    await expect.poll(() => filesOnDisk(), { timeout: 10_000 }).toEqual(before[0]);
    expect(await rows()).toEqual(before[1]);
  });

  it.each(['a file', 'a version'])(
    'a project deleted while %s streams into it: 404, and no byte of it is left',
    async (what) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: bearer(p.owner.token),
        payload: { title: 'Short-lived' },
      });
      const projectId: string = created.json().data.project._id;
      const url =
        what === 'a file'
          ? `/api/projects/${projectId}/files?category=stems`
          : `/api/projects/${projectId}/tracks/${(await addTrack(t.app, p.owner.token, projectId))._id}/versions`;
      const before = [filesOnDisk(), await rows()];
      const data = sineWav({ seconds: 4 });
      const upload = send(`Content-Length: ${data.length}\r\n`, data.subarray(0, 300_000), url);
      await expect.poll(() => filesOnDisk().some((f) => f.endsWith('.part')), { timeout: 10_000 }).toBe(true);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${projectId}`,
        headers: bearer(p.owner.token),
      });
      expect(deleted.statusCode).toBe(200);
      upload.socket.write(data.subarray(300_000));
      expect(await upload.status).toBe(404);
      expect(await upload.json()).toMatchObject({ success: false, message: 'Project not found' });
      upload.socket.destroy();
      await expect.poll(() => filesOnDisk(), { timeout: 10_000 }).toEqual(before[0]);
      expect(await rows()).toEqual(before[1]);
    },
  );

  it('a client that disconnects mid-body leaves no row and no partial file', async () => {
    const before = [filesOnDisk(), await rows()];
    const wav = sineWav({ seconds: 4 });
    const { socket } = send(`Content-Length: ${wav.length}\r\n`, wav.subarray(0, 300_000));
    await expect.poll(() => filesOnDisk().some((f) => f.endsWith('.part')), { timeout: 10_000 }).toBe(true);
    socket.destroy();
    await expect.poll(() => filesOnDisk(), { timeout: 10_000 }).toEqual(before[0]);
    expect(await rows()).toEqual(before[1]);
  });
});
