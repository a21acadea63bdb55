// A multipart file part that the parser cuts at the upload limit is never kept as a shorter file. In the app
// storage refuses such a file first (its limit is one byte under the parser's), so the API tests
// (files.test.ts, versions-bad-input.test.ts) never see the parser's cut. Here the two limits are set apart,
// storage's the larger, to show that the cut alone refuses the upload and removes what was stored.
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { multipart as multipartBody, storedFiles } from './media-testing.ts';
import { requestUpload, storeUpload } from './upload.ts';

const LIMIT = 64 * 1024;
/** What storage itself would take: far more than the parser lets through. */
const STORAGE_MAX = 16 * LIMIT;

let t: TestApp;
let receiver: FastifyInstance;
let lastKey = '';

beforeAll(async () => {
  t = await createTestApp();
  receiver = Fastify();
  await receiver.register(multipart);
  receiver.post('/upload', async (request, reply) => {
    lastKey = `projects/${newId()}/files/${newId()}`;
    const upload = await requestUpload(request, LIMIT)();
    try {
      return await storeUpload(t.app.ctx, lastKey, upload, upload.stream, STORAGE_MAX);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply.status(413).send({ code: err.code, message: err.message });
    }
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const send = (bytes: number) => {
  const body = multipartBody([
    { name: 'category', value: 'stems' },
    { name: 'file', value: Buffer.alloc(bytes, 8), filename: 'take.bin' },
  ]);
  return receiver.inject({ method: 'POST', url: '/upload', headers: body.headers, payload: body.payload });
};

describe('a multipart file cut by the parser at the limit', () => {
  it('is refused with the limit’s message and leaves no object behind', async () => {
    const before = storedFiles(t.config.dataDir);
    const res = await send(3 * LIMIT);
    expect(res.statusCode).toBe(413);
    // storeUpload names the limit it was given (here storage's); in the app the two are the same upload limit.
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringMatching(/^The file is larger than the .+ upload limit\.$/),
    });
    expect(await t.app.ctx.storage.stat(lastKey)).toBeNull();
    expect(storedFiles(t.config.dataDir)).toEqual(before);
  });

  it('while a file of exactly the limit is stored whole', async () => {
    const res = await send(LIMIT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ size: LIMIT });
    expect(await t.app.ctx.storage.stat(lastKey)).toEqual({ size: LIMIT });
  });
});
