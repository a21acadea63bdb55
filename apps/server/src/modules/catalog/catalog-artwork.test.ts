// A release's artwork (issue #37): pictures made by ImageMagick (`convert`), whose own `identify` says what each
// is, are taken or refused by their header: square, 1400 to 6000 px (at the limit and one over), RGB (CMYK,
// grayscale, an alpha channel and a palette refused, each in plain words), a file that is not an image or is
// cut short refused, 40 MiB taken and one byte more refused before it is read. What is taken comes back byte for
// byte; a replaced or removed picture's object goes; a stranger sees none of it.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { ARTWORK_MAX_BYTES } from './artwork-check.ts';
import { projectWithTrack, releaseBody, send } from './catalog-testing.ts';

const run = promisify(execFile);
// Debian's ImageMagick 6 by its own name: a `convert` earlier on the PATH may be another program.
const CONVERT = 'convert-im6.q16';
const IDENTIFY = 'identify-im6.q16';

let t: TestApp;
let me: SignedIn;
let stranger: SignedIn;
let dir: string;
let releaseId: string;

const PICTURES = {
  square1400: ['-size', '1400x1400', 'gradient:red-blue', 'JPEG:square1400.jpg'],
  square6000: ['-size', '6000x6000', 'xc:teal', '-type', 'TrueColor', 'PNG24:square6000.png'],
  small1399: ['-size', '1399x1399', 'xc:red', 'JPEG:small1399.jpg'],
  big6001: ['-size', '6001x6001', 'xc:red', 'JPEG:big6001.jpg'],
  wide: ['-size', '1500x1400', 'xc:red', 'PNG24:wide.png'],
  cmyk: ['-size', '1400x1400', 'xc:red', '-colorspace', 'CMYK', 'JPEG:cmyk.jpg'],
  gray: ['-size', '1400x1400', 'gradient:white-black', '-colorspace', 'Gray', 'JPEG:gray.jpg'],
  alpha: ['-size', '1400x1400', 'xc:rgba(255,0,0,0.5)', 'PNG32:alpha.png'],
  palette: ['-size', '1400x1400', 'xc:red', 'PNG8:palette.png'],
} as const;
type Picture = keyof typeof PICTURES;

const file = (name: Picture) => readFile(join(dir, PICTURES[name].at(-1)!.split(':')[1]!));

async function identify(name: Picture) {
  const path = join(dir, PICTURES[name].at(-1)!.split(':')[1]!);
  const { stdout } = await run(IDENTIFY, ['-format', '%w %h %[colorspace]', path]);
  const [w, h, colourspace] = stdout.trim().split(' ');
  return { width: Number(w), height: Number(h), colourspace };
}

const put = (bytes: Buffer, type = 'image/jpeg', who = me, id = releaseId) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/releases/${id}/artwork`,
    headers: { ...bearer(who.token), 'content-type': type },
    payload: bytes,
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'artwork-'));
  await Promise.all(Object.values(PICTURES).map((args) => run(CONVERT, [...args], { cwd: dir })));
  t = await createTestApp();
  me = await registerUser(t.app, { name: 'Artwork Owner' });
  stranger = await registerUser(t.app, { name: 'Stranger' });
  const track = await projectWithTrack(t.app, me);
  releaseId = (await send(t.app, me, 'POST', '/api/releases', releaseBody([track]))).json().data.release._id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const storedKeys = async () =>
  (
    await t.app.ctx.db
      .selectFrom('releases')
      .select('artwork_key')
      .where('id', '=', releaseId)
      .executeTakeFirst()
  )?.artwork_key ?? null;

describe('pictures that can be artwork', () => {
  it.each([
    ['square1400', 'image/jpeg', 'jpeg'],
    ['square6000', 'image/png', 'png'],
  ] as const)(
    '%s is taken with the size identify reads, and comes back byte for byte',
    async (name, type, format) => {
      const bytes = await file(name);
      const judged = await identify(name);
      expect(judged.colourspace).toBe('sRGB');
      const res = await put(bytes, type);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.release.artwork).toMatchObject({
        format,
        width: judged.width,
        height: judged.height,
        size: bytes.length,
      });
      const back = await t.app.inject({
        url: res.json().data.release.artwork.url,
        headers: bearer(me.token),
      });
      expect(back.statusCode).toBe(200);
      expect(back.headers['content-type']).toBe(type);
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      expect(sha(back.rawPayload)).toBe(sha(bytes));
    },
  );

  it('40 MiB is taken (a picture with trailing bytes); one byte more is refused with 413 before it is read', async () => {
    const picture = await file('square1400');
    const atLimit = Buffer.concat([picture, Buffer.alloc(ARTWORK_MAX_BYTES - picture.length)]);
    expect((await put(atLimit)).statusCode).toBe(200);
    const before = await storedKeys();
    const over = await put(Buffer.concat([atLimit, Buffer.alloc(1)]));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ success: false });
    expect(await storedKeys()).toBe(before);
  });
});

describe('pictures that cannot, each with what is wrong', () => {
  it.each([
    ['small1399', 'Artwork must be at least 1400 × 1400 px: this image is 1399 × 1399 px'],
    ['big6001', 'Artwork must be at most 6000 × 6000 px: this image is 6001 × 6001 px'],
    ['wide', 'Artwork must be square: this image is 1500 × 1400 px'],
    ['cmyk', 'this JPEG is CMYK'],
    ['gray', 'this image is grayscale'],
    ['alpha', 'this PNG has an alpha channel'],
    ['palette', 'this PNG uses an indexed palette'],
  ] as const)('%s: 422 and the artwork kept is unchanged', async (name, message) => {
    const before = await storedKeys();
    const res = await put(
      await file(name),
      name.endsWith('1399') || name === 'cmyk' || name === 'gray' || name === 'big6001'
        ? 'image/jpeg'
        : 'image/png',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(message);
    expect(await storedKeys()).toBe(before);
  });

  it('identify agrees with what the refusals say', async () => {
    expect(await identify('cmyk')).toMatchObject({ colourspace: 'CMYK' });
    expect(await identify('gray')).toMatchObject({ colourspace: 'Gray' });
    expect(await identify('wide')).toMatchObject({ width: 1500, height: 1400 });
  });

  it('a file that is not an image is 415, a cut-off PNG 422, an empty body 415', async () => {
    const text = await put(Buffer.from('not a picture at all'), 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Artwork must be a JPEG or PNG image: this file is neither');
    const cut = await put((await file('square6000')).subarray(0, 20), 'image/png');
    expect(cut.statusCode).toBe(422);
    expect(cut.json().message).toContain('damaged or incomplete');
    expect((await put(Buffer.alloc(0))).statusCode).toBe(415);
  });

  it("a stranger can neither put, read nor remove a release's artwork", async () => {
    expect((await put(await file('square1400'), 'image/jpeg', stranger)).statusCode).toBe(404);
    const read = await t.app.inject({
      url: `/api/releases/${releaseId}/artwork`,
      headers: bearer(stranger.token),
    });
    expect(read.statusCode).toBe(404);
    const remove = await send(t.app, stranger, 'DELETE', `/api/releases/${releaseId}/artwork`);
    expect(remove.statusCode).toBe(404);
  });
});

describe("the artwork's stored object", () => {
  it('is replaced by a new picture, removed with the artwork, and with the release', async () => {
    expect((await put(await file('square1400'))).statusCode).toBe(200);
    const first = (await storedKeys())!;
    expect((await put(await file('square6000'), 'image/png')).statusCode).toBe(200);
    const second = (await storedKeys())!;
    expect(second).not.toBe(first);
    expect(await t.app.ctx.storage.stat(first)).toBeNull();
    const removed = await send(t.app, me, 'DELETE', `/api/releases/${releaseId}/artwork`);
    expect(removed.json().data.release.artwork).toBeNull();
    expect(await t.app.ctx.storage.stat(second)).toBeNull();
    expect((await put(await file('square1400'))).statusCode).toBe(200);
    const third = (await storedKeys())!;
    expect((await send(t.app, me, 'DELETE', `/api/releases/${releaseId}`)).statusCode).toBe(200);
    expect(await t.app.ctx.storage.stat(third)).toBeNull();
  });
});
