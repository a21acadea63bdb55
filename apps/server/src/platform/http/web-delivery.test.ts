// Web delivery (issue #13, decision 012): the built web app goes out in the brotli or gzip copy the build wrote
// when the browser accepts one, hashed assets are cached for a year and index.html is revalidated; API JSON
// over 1 KiB is compressed on the way out, small answers and file downloads are not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import { uploadFile } from '../../modules/media/media-testing.ts';

const INDEX_HTML = `<!doctype html><html><head><title>Mixdesk</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const APP_JS = `export const screens = [${Array.from({ length: 200 }, (_, i) => `'screen-${i}'`).join(', ')}];\n`;
const FONT = Buffer.alloc(3000, 7);

/** A small dist as the web build leaves it: text files with .br and .gz copies beside them, fonts without. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (file: string, body: string | Buffer, compressed: boolean) => {
    writeFileSync(path.join(dir, file), body);
    if (!compressed) return;
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
  };
  write('index.html', INDEX_HTML, true);
  write('assets/app-abc123.js', APP_JS, true);
  write('assets/inter-latin-def456.woff2', FONT, false);
  return dir;
}

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = fakeDist();
  t = await createTestApp({ webDist: dist, maxUploadBytes: 200_000 });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('the web app’s files', () => {
  it('sends the brotli copy of an asset to a browser that accepts br, with its length and type', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the gzip copy when gzip is what the browser accepts', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'deflate, gzip;q=0.5']) {
      const res = await get('/assets/app-abc123.js', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toBe(APP_JS);
    }
  });

  it('sends the file itself when no encoding is accepted, still saying that the answer varies', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/assets/app-abc123.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body).toBe(APP_JS);
    }
  });

  it('caches hashed assets for a year as immutable', async () => {
    for (const url of ['/assets/app-abc123.js', '/assets/inter-latin-def456.woff2']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends a font as it is: no encoding, nothing to vary on', async () => {
    const res = await get('/assets/inter-latin-def456.woff2', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.rawPayload.equals(FONT)).toBe(true);
  });

  it('revalidates index.html on every visit, compressed, under its name and as every screen’s page', async () => {
    for (const url of ['/index.html', '/', '/projects/some-id/tracks', '/auth?next=%2F']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toBe('Accept-Encoding');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
    const plain = await get('/projects');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('answers a conditional request for index.html with 304 when it has not changed', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('does not serve the compressed copies under their own names', async () => {
    for (const url of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz', '/index.html.gz']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('answers a byte range of an asset from the file it sends', async () => {
    const res = await get('/assets/app-abc123.js', { range: 'bytes=0-9' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-9/${APP_JS.length}`);
    expect(res.body).toBe(APP_JS.slice(0, 10));
  });
});

describe('API answers', () => {
  it('compresses JSON over 1 KiB with brotli or gzip as accepted, and says that it varies', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses a list answer of a signed-in user', async () => {
    const owner = await registerUser(t.app);
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: bearer(owner.token),
        payload: {
          title: `Session ${i}`,
          type: 'album',
          description: 'Overdubs and a rough mix. '.repeat(4),
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await get('/api/projects', { ...bearer(owner.token), 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).data.projects).toHaveLength(6);
  });

  it('sends JSON under 1 KiB as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.json().data.status).toBe('ok');
  });

  it('sends file downloads as stored: a text file, a PDF and a byte range keep their bytes and length', async () => {
    const owner = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'Downloads', type: 'single' },
    });
    const projectId = created.json().data.project._id;
    const notes = Buffer.from('Bridge: double the vocal, then drop the drums.\n'.repeat(100));
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << >> endobj\n'.repeat(200))]);
    for (const [data, name, type] of [
      [notes, 'notes.txt', 'text/plain'],
      [pdf, 'split-sheet.pdf', 'application/pdf'],
    ] as const) {
      const upload = await uploadFile(t.app, owner.token, projectId, data, name, 'session');
      expect(upload.statusCode).toBe(201);
      const url = upload.json().data.file.downloadUrl;
      const whole = await get(url, { ...bearer(owner.token), 'accept-encoding': 'br, gzip' });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toMatch(type);
      expect(whole.headers['content-encoding']).toBeUndefined();
      expect(Number(whole.headers['content-length'])).toBe(data.length);
      expect(whole.rawPayload.equals(data)).toBe(true);
      const part = await get(url, {
        ...bearer(owner.token),
        'accept-encoding': 'br, gzip',
        range: 'bytes=5-14',
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.rawPayload.equals(data.subarray(5, 15))).toBe(true);
    }
  });
});

describe('paths the server owns are never the web app', () => {
  const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

  it('an unknown API path is a JSON 404 whatever the method and however the path is written', async () => {
    const urls = [
      '/api',
      '/api/',
      '/api/whatever',
      '/api/whatever/deeper?next=%2F',
      '/api/whatever.js',
      '/api/projects/some-id/no-such-part',
      // Written differently, routed the same: the router decodes the path.
      '/%61pi/whatever',
      '/api%2Fwhatever',
    ];
    for (const url of urls) {
      for (const method of METHODS) {
        const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'br' } });
        const what = `${method} ${url}`;
        expect(res.statusCode, what).toBe(404);
        expect(res.headers['content-type'], what).toMatch(/^application\/json/);
        if (method === 'HEAD') continue;
        expect(res.json(), what).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
        expect(res.body, what).not.toContain('<title>Mixdesk</title>');
      }
    }
  });

  it('a denied /metrics, and any path under it, is a plain JSON 404, never the app’s page', async () => {
    const page = await get('/no-such-page');
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
    for (const url of ['/metrics', '/metrics?x=1', '/metrics/', '/metrics/more', '/%6detrics']) {
      for (const method of METHODS) {
        const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'br' } });
        const what = `${method} ${url}`;
        expect(res.statusCode, what).toBe(404);
        expect(res.headers['content-type'], what).toMatch(/^application\/json/);
        if (method === 'HEAD') continue;
        expect(res.json(), what).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      }
    }
  });
});
