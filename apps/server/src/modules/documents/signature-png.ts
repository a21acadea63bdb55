// A drawn signature as the server keeps it (issue #31). The PNG a signer sends is read chunk by chunk and its
// header checked (dimensions, decoded size) before anything inflates it; its pixels are then inflated with a
// ceiling of exactly the size the header declares, decoded once, and encoded again as plain RGBA. Only that
// clean copy is kept: no ancillary chunk, nothing after IEND, nothing a later decoder could choke on.
import { promisify } from 'node:util';
import { crc32, deflate, inflate } from 'node:zlib';
import { badRequest } from '../../platform/errors.ts';
import { CHANNELS, decodeToRgba, type PngHeader, type PngParts, passesOf } from './signature-png-pixels.ts';

export const SIGNATURE_MAX_WIDTH = 2000;
export const SIGNATURE_MAX_HEIGHT = 1000;
/** Both the inflated scanlines and the RGBA pixels stay under this (2000 × 1000 RGBA is 8,000,000 bytes). */
export const SIGNATURE_MAX_DECODED_BYTES = 8 * 1024 * 1024;
/**
 * The clean copy's ceiling. An honest drawing re-encodes to a few KB; only a file built to compress well in
 * its own format and badly as RGBA (1-bit noise) grows past this, and it is refused rather than stored.
 */
export const SIGNATURE_CLEAN_MAX_BYTES = 1024 * 1024;

export const DAMAGED_SIGNATURE = 'This drawn signature is damaged and cannot be read. Draw it again.';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depths the PNG specification allows for each colour type. */
const DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

const inflateAsync = promisify(inflate);
const deflateAsync = promisify(deflate);

const damaged = () => badRequest(DAMAGED_SIGNATURE);

function readHeader(data: Buffer): PngHeader {
  if (data.length !== 13) throw damaged();
  const header: PngHeader = {
    width: data.readUInt32BE(0),
    height: data.readUInt32BE(4),
    bitDepth: data[8]!,
    colorType: data[9]!,
    interlaced: data[12] === 1,
  };
  const valid =
    header.width > 0 &&
    header.height > 0 &&
    DEPTHS[header.colorType]?.includes(header.bitDepth) &&
    data[10] === 0 &&
    data[11] === 0 &&
    data[12]! <= 1;
  if (!valid) throw damaged();
  return header;
}

/** The bytes of inflated scanlines the header implies: a filter byte and the packed samples per row. */
export function scanlineBytes(header: PngHeader): number {
  const bits = CHANNELS[header.colorType]! * header.bitDepth;
  let total = 0;
  for (const pass of passesOf(header)) total += pass.height * (1 + Math.ceil((pass.width * bits) / 8));
  return total;
}

/** Refuses what would be too costly to decode, from the header alone. */
export function checkLimits(header: PngHeader): void {
  const { width, height } = header;
  if (width > SIGNATURE_MAX_WIDTH || height > SIGNATURE_MAX_HEIGHT)
    throw badRequest(
      `A drawn signature must be at most ${SIGNATURE_MAX_WIDTH} × ${SIGNATURE_MAX_HEIGHT} pixels (this one is ${width} × ${height})`,
    );
  if (Math.max(scanlineBytes(header), width * height * 4) > SIGNATURE_MAX_DECODED_BYTES)
    throw badRequest(
      `A drawn signature must be at most ${SIGNATURE_MAX_DECODED_BYTES / 1024 / 1024} MB once decoded`,
    );
}

/**
 * The chunks a decoder needs, each checked against its CRC; the header's limits are checked as soon as it is
 * read. Inflates nothing, so it is cheap enough to run again on a kept signature before it is rendered.
 */
export function readPngParts(png: Buffer): PngParts {
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw damaged();
  let header: PngHeader | null = null;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  const data: Buffer[] = [];
  for (let at = 8; ; ) {
    if (at + 12 > png.length) throw damaged();
    const length = png.readUInt32BE(at);
    const end = at + 8 + length;
    if (end + 4 > png.length) throw damaged();
    if (crc32(png.subarray(at + 4, end)) !== png.readUInt32BE(end)) throw damaged();
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, end);
    at = end + 4;
    if (!header) {
      if (type !== 'IHDR') throw damaged();
      header = readHeader(body);
      checkLimits(header);
      continue;
    }
    if (type === 'IEND') break;
    if (type === 'IDAT') data.push(body);
    else if (type === 'PLTE') {
      if (palette || data.length || body.length === 0 || body.length % 3 || body.length > 768)
        throw damaged();
      palette = body;
    } else if (type === 'tRNS') transparency = body;
    // A critical chunk this reader does not know (upper-case first letter) must not be skipped.
    else if (!/^[a-z][A-Za-z]{3}$/.test(type)) throw damaged();
  }
  if (!header || data.length === 0 || (header.colorType === 3 && !palette)) throw damaged();
  return { header, palette, transparency, data };
}

/** Inflates the image data, never past the size its header declares; fewer or more bytes is a damaged file. */
export async function inflateScanlines(parts: PngParts): Promise<Buffer> {
  const expected = scanlineBytes(parts.header);
  let raw: Buffer;
  try {
    raw = await inflateAsync(Buffer.concat(parts.data), { maxOutputLength: expected });
  } catch {
    throw damaged();
  }
  if (raw.length !== expected) throw damaged();
  return raw;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An 8-bit RGBA, non-interlaced PNG of these pixels: IHDR, one IDAT, IEND. */
export async function encodeRgbaPng(width: number, height: number, rgba: Buffer): Promise<Buffer> {
  const stride = width * 4;
  const rows = Buffer.alloc(height * (1 + stride));
  // Filter 0 on every row: a signature is mostly clear pixels, which deflate takes care of.
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (1 + stride) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', await deflateAsync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Drawings decoded at once on this instance. One takes up to ~30 MB while it is (scanlines, pixels, rows to
 * deflate), and a link can be posted many times at once until it signs: a burst waits its turn instead.
 */
const DECODES_AT_ONCE = 2;
let decoding = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(run: () => Promise<T>): Promise<T> {
  if (decoding < DECODES_AT_ONCE) decoding++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await run();
  } finally {
    // The slot goes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else decoding--;
  }
}

/**
 * POST /api/sign/:token with a drawing: the clean copy to keep, or a 400 saying what is wrong (too large, or
 * damaged). Inflating and deflating run on libuv's pool; the one pass over the pixels (at most 2,000,000)
 * runs here.
 */
export async function cleanSignaturePng(png: Buffer): Promise<Buffer> {
  const parts = readPngParts(png);
  const clean = await inTurn(async () => {
    const rgba = decodeToRgba(parts, await inflateScanlines(parts));
    if (!rgba) throw damaged();
    return encodeRgbaPng(parts.header.width, parts.header.height, rgba);
  });
  if (clean.length > SIGNATURE_CLEAN_MAX_BYTES)
    throw badRequest(
      'This drawing is too detailed to keep as a signature. Draw it again, or type your name.',
    );
  return clean;
}
