// How an upload is wrapped, at its edges: the Content-Type of a raw body in any case, or missing; the
// multipart envelope's size allowance to the byte; too many parts; a text field that shares the file's name;
// and the messages for a missing or misnamed file part. Each refusal is a clear 4xx that stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { multipart, type ProjectWithPeople, projectWithPeople, storedFiles } from './media-testing.ts';

const LIMIT = 100_000;
/** What a multipart request may carry beyond the file (upload.ts ENVELOPE_ALLOWANCE). */
const ENVELOPE = 1024 * 1024;
let t: TestApp;
let p: ProjectWithPeople;

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: LIMIT });
  p = await projectWithPeople(t.app);
});
afterAll(async () => {
  await t.close();
});

const filesUrl = (query = '') => `/api/projects/${p.projectId}/files${query}`;
const fileCount = async () =>
  (
    await t.app.ctx.db
      .selectFrom('project_files')
      .select('id')
      .where('project_id', '=', p.projectId)
      .execute()
  ).length;

function send(payload: Buffer, headers: Record<string, string>, url = filesUrl()) {
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(p.owner.token), ...headers }, payload });
}

/** A refusal: its status and message, with no row and no byte added. */
async function refused(
  res: Promise<{ statusCode: number; json: () => unknown }>,
  status: number,
  message: RegExp,
) {
  const before = [await fileCount(), storedFiles(t.config.dataDir)];
  const answer = await res;
  expect(answer.statusCode).toBe(status);
  expect(answer.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
  expect([await fileCount(), storedFiles(t.config.dataDir)]).toEqual(before);
}

describe('a raw body', () => {
  it('is taken with its Content-Type in any case and with parameters', async () => {
    const res = await send(
      Buffer.from('stem bytes'),
      {
        'content-type': 'Application/Octet-Stream ; charset=binary',
        'content-disposition': "attachment; filename*=UTF-8''Stem%201.wav",
      },
      filesUrl('?category=stems'),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.file).toMatchObject({ originalName: 'Stem 1.wav', size: 10 });
  });

  it('without a Content-Type: 415, saying how to send a file', async () => {
    await refused(
      t.app.inject({
        method: 'POST',
        url: filesUrl('?category=stems'),
        headers: bearer(p.owner.token),
      }),
      415,
      /^Send the file as the request body with Content-Type: application\/octet-stream, or as multipart\/form-data in a part named "file"\.$/,
    );
  });
});

describe('a multipart body', () => {
  const file = (name = 'file') => ({ name, value: Buffer.from('session notes'), filename: 'notes.txt' });
  const category = { name: 'category', value: 'session' };

  it('may be up to a megabyte larger than the file (its envelope), not a byte more', async () => {
    const body = multipart([category, file()]);
    // Text before the first boundary (then a line break) is allowed and skipped: it pads the request to size.
    const pad = (total: number) =>
      Buffer.concat([Buffer.alloc(total - body.payload.length - 2, 'x'), Buffer.from('\r\n'), body.payload]);
    const atLimit = await send(pad(LIMIT + ENVELOPE), body.headers);
    expect(atLimit.statusCode).toBe(201);
    await refused(send(pad(LIMIT + ENVELOPE + 1), body.headers), 413, /upload limit/);
  });

  it('with more than twelve parts: 413, too many parts', async () => {
    const fields = Array.from({ length: 11 }, (_, i) => ({ name: `extra${i}`, value: 'x' }));
    const body = multipart([...fields, category, file()]);
    await refused(send(body.payload, body.headers), 413, /^The upload has too many or too large parts\.$/);
  });

  it('a text field named "file" before the file is not taken for a field', async () => {
    const body = multipart([{ name: 'file', value: 'not the file' }, category, file()]);
    const res = await send(body.payload, body.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.file).toMatchObject({ originalName: 'notes.txt', category: 'session' });
  });

  it('without a boundary: 400 from the parser, nothing stored', async () => {
    const body = multipart([category, file()]);
    await refused(send(body.payload, { 'content-type': 'multipart/form-data' }), 400, /boundary/i);
  });

  it('without a file part: 400, asking for one', async () => {
    const body = multipart([category]);
    await refused(
      send(body.payload, body.headers),
      400,
      /^Choose a file to upload \(a multipart part named "file"\)\.$/,
    );
  });

  it('with the file in a part of another name: 400, naming the part', async () => {
    const body = multipart([category, file('upload')]);
    await refused(
      send(body.payload, body.headers),
      400,
      /^The file must be sent in a multipart part named "file"\.$/,
    );
  });
});
