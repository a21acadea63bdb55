// What a resumable upload refuses, each with its status and a readable JSON error, and nothing written: a
// chunk at the wrong offset (409), of the wrong type (415), past the declared length (413), off its checksum
// (460, discarded); a protocol version we do not speak (412); bad or missing headers and metadata (400);
// someone else's upload, or a project the caller cannot edit (404, as for none); an expired upload (410).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { addTrack, type ProjectWithPeople, projectWithPeople } from '../media/media-testing.ts';
import { sweepUploads } from './sweep.ts';
import { metadataHeader, tusHeaders, waitingFiles } from './uploads-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;
let trackId: string;
const LENGTH = 1000;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Opener' }))._id;
});
afterAll(async () => {
  await t.close();
});

const versionMeta = () =>
  metadataHeader({ target: 'version', projectId: p.projectId, trackId, filename: 'a.wav' });

function create(token: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(token, {
      'upload-length': String(LENGTH),
      'upload-metadata': versionMeta(),
      ...headers,
    }),
  });
}

function patch(
  token: string,
  url: string,
  offset: number,
  body: Buffer,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: tusHeaders(token, {
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...headers,
    }),
    payload: body,
  });
}

const offsetOf = async (url: string) =>
  Number(
    (await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(p.owner.token) })).headers[
      'upload-offset'
    ],
  );

/** A JSON error with `status` and a sentence. */
function refused(res: { statusCode: number; json: () => unknown }, status: number, message?: RegExp) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(body.message.length).toBeGreaterThan(10);
  if (message) expect(body.message).toMatch(message);
}

let url: string;
beforeEach(async () => {
  const res = await create(p.owner.token);
  expect(res.statusCode).toBe(201);
  url = String(res.headers.location);
  expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
  expect((await patch(p.owner.token, url, 0, Buffer.alloc(100, 7))).statusCode).toBe(204);
});

describe('chunks', () => {
  it('at the wrong offset: 409, nothing written', async () => {
    for (const offset of [0, 99, 101, 5000])
      refused(await patch(p.owner.token, url, offset, Buffer.alloc(10)), 409, /byte 100/);
    expect(await offsetOf(url)).toBe(100);
  });

  it('without application/offset+octet-stream: 415', async () => {
    for (const type of ['application/octet-stream', 'text/plain', 'application/json']) {
      const res = await patch(p.owner.token, url, 100, Buffer.from('{}'), { 'content-type': type });
      refused(res, 415, /offset\+octet-stream/);
    }
    expect(await offsetOf(url)).toBe(100);
  });

  it('past the declared length: 413, nothing written; exactly to the length completes', async () => {
    refused(await patch(p.owner.token, url, 100, Buffer.alloc(901, 1)), 413, /900 bytes left/);
    expect(await offsetOf(url)).toBe(100);
    const exact = await patch(p.owner.token, url, 100, Buffer.alloc(900, 1));
    expect(exact.statusCode).toBe(204);
    expect(exact.headers['upload-offset']).toBe(String(LENGTH));
  });

  it('with a checksum that does not match: 460, the chunk discarded; a matching one is kept', async () => {
    const chunk = Buffer.alloc(50, 3);
    const digest = (b: Buffer) => `sha256 ${createHash('sha256').update(b).digest('base64')}`;
    refused(
      await patch(p.owner.token, url, 100, chunk, { 'upload-checksum': digest(Buffer.alloc(50, 4)) }),
      460,
      /discarded/,
    );
    expect(await offsetOf(url)).toBe(100);
    const ok = await patch(p.owner.token, url, 100, chunk, { 'upload-checksum': digest(chunk) });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['upload-offset']).toBe('150');
  });

  it('with a checksum header that is not sha256 and a 32-byte digest: 400', async () => {
    for (const header of [
      'md5 abc',
      'sha1 2jmj7l5rSw0yVb/vlWAYkK/YBwk=',
      'sha256 !!!',
      'sha256 AAAA',
      'sha256',
    ])
      refused(await patch(p.owner.token, url, 100, Buffer.alloc(5), { 'upload-checksum': header }), 400);
    expect(await offsetOf(url)).toBe(100);
  });

  it('without Upload-Offset, or a negative or fractional one: 400', async () => {
    for (const offset of ['', '-1', '1.5', 'ten', '99999999999999999999']) {
      const res = await patch(p.owner.token, url, 0, Buffer.alloc(5), { 'upload-offset': offset });
      refused(res, 400, /Upload-Offset/);
    }
  });
});

describe('the protocol version', () => {
  it('a request without Tus-Resumable 1.0.0 gets 412 and Tus-Version', async () => {
    for (const version of [undefined, '0.2.2', '2.0.0']) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${p.owner.token}`,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '100',
      };
      if (version) headers['tus-resumable'] = version;
      const res = await t.app.inject({ method: 'PATCH', url, headers, payload: Buffer.alloc(5) });
      refused(res, 412, /Tus-Resumable/);
      expect(res.headers['tus-version']).toBe('1.0.0');
    }
    expect(await offsetOf(url)).toBe(100);
  });
});

describe('creation', () => {
  it('without Upload-Length, with a bad one, or deferred: 400', async () => {
    for (const length of ['', 'x', '-5', '1e3'])
      refused(await create(p.owner.token, { 'upload-length': length }), 400);
    const deferred = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders(p.owner.token, { 'upload-defer-length': '1', 'upload-metadata': versionMeta() }),
    });
    refused(deferred, 400, /Upload-Length/);
  });

  it('an empty file: 400', async () => {
    refused(await create(p.owner.token, { 'upload-length': '0' }), 400, /empty/);
  });

  it('metadata that is not base64 pairs, names no or an unknown target, or misses a field: 400', async () => {
    const cases = [
      'target dmVyc2lvbg=,projectId x',
      'target !!!!',
      'target',
      'target dmVyc2lvbg== extra',
      metadataHeader({ filename: 'a.wav' }),
      metadataHeader({ target: 'stems', projectId: p.projectId }),
      metadataHeader({ target: 'version', projectId: p.projectId }),
      metadataHeader({ target: 'file', projectId: p.projectId, category: 'nope' }),
      metadataHeader({ target: 'version', projectId: p.projectId, trackId, makeCurrent: 'yes' }),
      metadataHeader({ target: 'avatar', colour: 'red' }),
      `target ${Buffer.from('avatar').toString('base64')},target ${Buffer.from('avatar').toString('base64')}`,
      `target ${Buffer.from([0xff, 0xfe]).toString('base64')}`,
    ];
    const files = waitingFiles(t.config.dataDir);
    for (const header of cases) refused(await create(p.owner.token, { 'upload-metadata': header }), 400);
    expect(waitingFiles(t.config.dataDir)).toEqual(files);
  });
});

describe('whose upload', () => {
  it("someone else's upload is not found, whatever they ask", async () => {
    for (const who of [p.editor, p.stranger]) {
      refused(await patch(who.token, url, 100, Buffer.alloc(5)), 404);
      const head = await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(who.token) });
      expect(head.statusCode).toBe(404);
      refused(await t.app.inject({ method: 'DELETE', url, headers: tusHeaders(who.token) }), 404);
      refused(await t.app.inject({ method: 'GET', url, headers: tusHeaders(who.token) }), 404);
    }
    expect(await offsetOf(url)).toBe(100);
  });

  it('without a session: 401', async () => {
    const res = await t.app.inject({ method: 'HEAD', url, headers: { 'tus-resumable': '1.0.0' } });
    expect(res.statusCode).toBe(401);
  });

  it('a project or track the caller cannot edit, or that does not exist: 404', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const who of [p.viewer, p.stranger]) refused(await create(who.token), 404, /not found/);
    refused(
      await create(p.owner.token, {
        'upload-metadata': metadataHeader({ target: 'version', projectId: missing, trackId }),
      }),
      404,
    );
    refused(
      await create(p.owner.token, {
        'upload-metadata': metadataHeader({ target: 'version', projectId: p.projectId, trackId: missing }),
      }),
      404,
      /Track/,
    );
    refused(
      await create(p.stranger.token, {
        'upload-metadata': metadataHeader({ target: 'file', projectId: p.projectId, category: 'stems' }),
      }),
      404,
    );
  });

  it('an editor who loses the right to edit can no longer send to their upload', async () => {
    const res = await create(p.editor.token);
    const theirs = String(res.headers.location);
    expect((await patch(p.editor.token, theirs, 0, Buffer.alloc(10))).statusCode).toBe(204);
    await t.app.ctx.db
      .updateTable('project_collaborators')
      .set({ permission: 'view' })
      .where('project_id', '=', p.projectId)
      .where('user_id', '=', p.editor.user._id)
      .execute();
    try {
      refused(await patch(p.editor.token, theirs, 10, Buffer.alloc(10)), 404);
    } finally {
      await t.app.ctx.db
        .updateTable('project_collaborators')
        .set({ permission: 'edit' })
        .where('project_id', '=', p.projectId)
        .where('user_id', '=', p.editor.user._id)
        .execute();
    }
  });
});

describe('expiry', () => {
  it('an expired upload answers 410; the sweep removes its bytes and frees its reservation', async () => {
    const id = url.split('/').pop() ?? '';
    await t.app.ctx.db
      .updateTable('uploads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    refused(await patch(p.owner.token, url, 100, Buffer.alloc(5)), 410, /expired/);
    const head = await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(p.owner.token) });
    expect(head.statusCode).toBe(410);
    expect(waitingFiles(t.config.dataDir)).toContain(id);
    const swept = await sweepUploads(t.app.ctx);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(waitingFiles(t.config.dataDir)).not.toContain(id);
    expect(waitingFiles(t.config.dataDir)).not.toContain(`${id}.json`);
    refused(await patch(p.owner.token, url, 100, Buffer.alloc(5)), 404);
  });
});
