// Avatar images in storage (platform/storage/storage.ts), with the type sniffed from the first bytes and the size capped
// while streaming, so a wrong or oversized upload never lands whole.
import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import { AVATAR_MAX_BYTES } from '@mixdesk/contract/profile';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';

export type AvatarMime = 'image/png' | 'image/jpeg' | 'image/webp';

export const NOT_AN_IMAGE = 'The avatar must be a PNG, JPEG or WebP image';
export const TOO_LARGE = 'The avatar must be at most 5 MB';

/** The image type of a file's first bytes, or null when it is none of PNG, JPEG, WebP. */
export function sniffImage(head: Buffer): AvatarMime | null {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** Passes bytes through once the head is a known image; fails on anything else or past the size cap. */
class ImageGate extends Transform {
  mime: AvatarMime | null = null;
  size = 0;
  #head: Buffer[] = [];
  #headBytes = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > AVATAR_MAX_BYTES) done(new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE));
    else if (this.mime) done(null, chunk);
    else {
      this.#head.push(chunk);
      this.#headBytes += chunk.length;
      if (this.#headBytes < 12) done();
      else this.#release(done);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.mime) done();
    else if (this.#headBytes === 0) done(new AppError('BAD_REQUEST', 'The avatar file is empty'));
    else this.#release(done);
  }

  #release(done: TransformCallback): void {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    this.mime = sniffImage(head);
    if (this.mime) done(null, head);
    else done(new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE));
  }
}

/** Avatars sit beside other stored files, under a key made from an id we generated. */
const keyOf = (id: string) => `avatars/${id}`;

/** Streams an upload into a new stored avatar; on any failure nothing is left behind. */
export async function saveAvatar(ctx: AppContext, source: Readable) {
  const key = keyOf(newId());
  const gate = new ImageGate();
  // pipeline() passes a failure of the upload itself on to the gate, and so to the storage write.
  const gated = pipeline(source, gate, () => undefined);
  try {
    await ctx.storage.put(key, gated, { maxBytes: AVATAR_MAX_BYTES });
  } catch (err) {
    source.resume(); // drain what is left of the request so the error reply can go out
    throw err;
  }
  ctx.countUploadBytes?.(gate.size);
  return { key, mime: gate.mime as AvatarMime, size: gate.size };
}

export function openAvatar(ctx: AppContext, key: string): Promise<Readable> {
  return ctx.storage.get(key);
}

export async function removeAvatarFile(ctx: AppContext, key: string | null | undefined): Promise<void> {
  if (!key) return;
  try {
    await ctx.storage.remove(key);
  } catch (err) {
    ctx.log.warn({ service: 'profile', err, key }, 'Could not remove an avatar file');
  }
}
