// The upload helpers on their own: the file name a client sends (header or multipart), the errors a client
// reads, the fields' validation, and what storeUpload leaves behind. The API tests (raw-uploads, files,
// versions) cover the same through requests; these pin the edges a request cannot easily reach.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { LocalDiskStorage } from '../../platform/storage/storage.ts';
import {
  asUploadError,
  dispositionFileName,
  type IncomingUpload,
  parseFields,
  safeFileName,
  safeRelativeName,
  storeUpload,
  throughGate,
} from './upload.ts';

describe('safeRelativeName keeps the folders of a dropped folder, safely', () => {
  it.each([
    ['Stems/Drums/kick.wav', 'Stems/Drums/kick.wav'],
    ['Stems\\Bass\\di.wav', 'Stems/Bass/di.wav'],
    ['../../etc/passwd', 'etc/passwd'],
    ['/abs/./x.txt', 'abs/x.txt'],
    ['a//b///c.txt', 'a/b/c.txt'],
    ['Session/\u0000\u202e.txt', 'Session/.txt'],
    ['Stems/', 'Stems'],
    ['', 'untitled'],
    [undefined, 'untitled'],
  ])('%j -> %j', (input, expected) => {
    expect(safeRelativeName(input)).toBe(expected);
  });

  it('a path past 1,000 characters keeps the file name alone', () => {
    expect(safeRelativeName(`${'folder/'.repeat(200)}take.wav`)).toBe('take.wav');
  });
});

describe('safeFileName at its edges', () => {
  it.each([
    ['mix...', 'mix...'],
    ['.hidden.wav', '.hidden.wav'],
    ['...', 'untitled'],
    ['.', 'untitled'],
    ['a\u007fb\u0085c\u009f.wav', 'abc.wav'],
    ['\u2066isolate\u2069.wav', 'isolate.wav'],
    ['dir/', 'untitled'],
  ])('%j -> %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('uses the fallback given', () => {
    expect(safeFileName('', 'take-1.wav')).toBe('take-1.wav');
  });

  it('counts characters, not UTF-16 units, and never cuts one in half', () => {
    const name = safeFileName('🎵'.repeat(300));
    expect(Array.from(name)).toHaveLength(255);
    expect(name).toBe('🎵'.repeat(255));
  });
});

describe('dispositionFileName', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['attachment', undefined],
    ["filename*=UTF-8''first.wav", 'first.wav'],
    ["attachment;filename*=UTF-8''tight.wav", 'tight.wav'],
    ["attachment; filename* = UTF-8''spaced%20out.wav", 'spaced out.wav'],
    ["attachment; filename*=UTF-8''trailing.wav   ; size=3", 'trailing.wav'],
    ["attachment; filename*=UTF-8''trailing.wav   ", 'trailing.wav'],
    ['attachment; filename*=  ; filename="fallback.wav"', 'fallback.wav'],
    ['attachment; filename="plain.wav"; filename*=UTF-8\'\'%C3%A9.wav', 'é.wav'],
    ['filename="quoted at the start.wav"', 'quoted at the start.wav'],
    ['attachment;filename="tight.wav"', 'tight.wav'],
    ['attachment; filename = "spaced.wav"', 'spaced.wav'],
    ['attachment; filename="a \\\\ b.wav"', 'a \\ b.wav'],
    ['filename=bare.wav', 'bare.wav'],
    ['attachment;filename=bare.wav', 'bare.wav'],
    ['attachment; filename = bare.wav', 'bare.wav'],
    ['attachment; filename=bare.wav; size=3', 'bare.wav'],
    ['attachment; myfilename=other.wav', undefined],
    ['attachment; myfilename="other.wav"', undefined],
    ["attachment; myfilename*=UTF-8''other.wav", undefined],
  ])('%j -> %j', (header, expected) => {
    expect(dispositionFileName(header)).toBe(expected);
  });

  it.each([
    ["filename*=xutf-8''name.wav", /filename\*=UTF-8''name\.wav/],
    ["filename*=UTF-8''line\nbreak.wav", /filename\*=UTF-8''name\.wav/],
    ["filename*=UTF-8''%ZZ.wav", /not valid percent-encoded UTF-8/],
  ])('refuses %j with a clear message', (header, message) => {
    expect(() => dispositionFileName(header)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', message: expect.stringMatching(message) }),
    );
  });
});

describe('asUploadError', () => {
  it('passes our own errors through untouched', () => {
    const err = badRequest('mine');
    expect(asUploadError(err)).toBe(err);
    const tooBig = Object.assign(new AppError('FORBIDDEN', 'no'), { statusCode: 413 });
    expect(asUploadError(tooBig)).toBe(tooBig);
  });

  it('answers a parser 413 as too large, with the parts message', () => {
    const err = asUploadError(Object.assign(new Error('reach files limit'), { statusCode: 413 }));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The upload has too many or too large parts.',
    });
  });

  it.each([
    [400, 'Multipart: Boundary not found', 'Multipart: Boundary not found'],
    [499, 'odd', 'odd'],
    [406, '', 'Bad upload'],
  ])('answers a parser %i as a bad request saying %j', (statusCode, message, expected) => {
    const err = asUploadError(Object.assign(new Error(message), { statusCode }));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: expected });
  });

  it.each([399, 500, 503])('leaves a %i that is not the client’s doing as it is', (statusCode) => {
    const err = Object.assign(new Error('the disk went away'), { statusCode });
    expect(asUploadError(err)).toBe(err);
  });

  it.each([
    'Unexpected end of form',
    'Part terminated early',
    'Premature close',
    'aborted',
    'Malformed part header',
  ])('answers %j as an upload cut off', (message) => {
    expect(asUploadError(new Error(message))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The upload was cut off before the whole file arrived. Nothing was saved.',
    });
  });

  it('answers a multipart body without a boundary as a bad request saying so', () => {
    expect(asUploadError(new Error('Multipart: Boundary not found'))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A multipart upload needs its boundary in the Content-Type (multipart/form-data; boundary=…).',
    });
  });

  it('leaves any other failure as it is, and copes with one that has no message', () => {
    const err = new Error('EIO: i/o error');
    expect(asUploadError(err)).toBe(err);
    const bare = {};
    expect(asUploadError(bare)).toBe(bare);
  });
});

const upload = (fields: Record<string, string>, over: Partial<IncomingUpload> = {}) => {
  const calls = { discard: 0 };
  const value: IncomingUpload = {
    fields,
    fileName: 'x.wav',
    stream: Readable.from([Buffer.from('abc')]),
    truncated: () => false,
    discard: () => {
      calls.discard += 1;
    },
    ...over,
  };
  return { value, calls };
};

describe('parseFields', () => {
  const schema = z.strictObject({
    title: z.string().min(1, 'Title is required'),
    note: z.string().optional(),
  });

  it('answers the parsed fields and keeps the upload open', () => {
    const { value, calls } = upload({ title: 'Take 2' });
    expect(parseFields(schema, value)).toEqual({ title: 'Take 2' });
    expect(calls.discard).toBe(0);
  });

  it('refuses a bad field with its message and path, and drains the upload', () => {
    const { value, calls } = upload({ title: '' });
    expect(() => parseFields(schema, value)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: 'Title is required',
        details: [{ path: 'title', message: 'Title is required' }],
      }),
    );
    expect(calls.discard).toBe(1);
  });

  it('calls an unknown field an unknown field', () => {
    const { value } = upload({ title: 'ok', colour: 'red' });
    expect(() => parseFields(schema, value)).toThrow(
      expect.objectContaining({
        message: 'Unknown field: "colour"',
        details: [{ path: '', message: 'Unknown field: "colour"' }],
      }),
    );
  });

  it('joins a nested path with dots', () => {
    const nested = z.object({ meta: z.object({ bpm: z.string().regex(/^\d+$/, 'A number') }) });
    const { value } = upload({});
    const fields = { meta: { bpm: 'fast' } } as unknown as Record<string, string>;
    expect(() => parseFields(nested, { ...value, fields })).toThrow(
      expect.objectContaining({ details: [{ path: 'meta.bpm', message: 'A number' }] }),
    );
  });
});

describe('storeUpload', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'mixdesk-upload-'));
    storage = new LocalDiskStorage(root, { directIo: false });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const ctxWith = (extra: Partial<AppContext> = {}) => ({ storage, ...extra }) as unknown as AppContext;

  it('stores the bytes and counts them when the app counts upload bytes', async () => {
    const counted: number[] = [];
    const { value } = upload({});
    const stored = await storeUpload(
      ctxWith({ countUploadBytes: (n: number) => counted.push(n) } as Partial<AppContext>),
      'a/one',
      value,
      value.stream,
      10,
    );
    expect(stored).toEqual({ size: 3 });
    expect(counted).toEqual([3]);
    expect((await buffer(await storage.get('a/one'))).toString()).toBe('abc');
  });

  it('stores the bytes when nothing counts them', async () => {
    const { value } = upload({});
    expect(await storeUpload(ctxWith(), 'a/two', value, value.stream, 10)).toEqual({ size: 3 });
  });

  it('removes the stored file and answers too large when the parser cut the file', async () => {
    const { value } = upload({}, { truncated: () => true });
    await expect(storeUpload(ctxWith(), 'a/three', value, value.stream, 10)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await storage.stat('a/three')).toBeNull();
  });

  it('drains the upload and leaves nothing when storage refuses it', async () => {
    const { value, calls } = upload({}, { stream: Readable.from([Buffer.alloc(11)]) });
    await expect(storeUpload(ctxWith(), 'a/four', value, value.stream, 10)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(calls.discard).toBe(1);
    expect((await readdir(path.join(root, 'a'))).filter((f) => f.startsWith('four'))).toEqual([]);
  });
});

describe('throughGate', () => {
  it('passes the bytes through the gate', async () => {
    const { value } = upload({});
    const gate = throughGate(value, new PassThrough());
    expect((await buffer(gate)).toString()).toBe('abc');
  });

  it('fails the gate when the upload fails, without an unhandled error on either', async () => {
    const source = new PassThrough();
    const { value } = upload({}, { stream: source });
    const gate = throughGate(value, new Transform({ transform: (chunk, _enc, done) => done(null, chunk) }));
    const read = buffer(gate);
    source.write('ab');
    source.destroy(new Error('connection reset'));
    await expect(read).rejects.toThrow('connection reset');
    expect(source.listenerCount('error')).toBeGreaterThan(0);
  });
});
