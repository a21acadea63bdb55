// PNG files for the signing tests, made byte by byte so a test can say exactly what a file claims and holds:
// honest drawings, and the hostile ones (a huge canvas that compresses small, a stream that inflates past its
// header, garbage behind the PNG signature).
import { crc32, deflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export interface PngSpec {
  width: number;
  height: number;
  bitDepth?: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA (the default). */
  colorType?: number;
  /** The filtered scanlines to deflate; zeros of the size the header implies when absent. */
  raw?: Buffer;
  /** Chunks placed between IHDR and IDAT (PLTE, tEXt, ...). */
  before?: Buffer[];
  /** Bytes after IEND. */
  trailer?: Buffer;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The size of a non-interlaced image's filtered scanlines: a filter byte and the packed samples per row. */
export const rawSize = (width: number, height: number, bitDepth = 8, colorType = 6) =>
  height * (1 + Math.ceil((width * CHANNELS[colorType]! * bitDepth) / 8));

export function makePng(spec: PngSpec): Buffer {
  const bitDepth = spec.bitDepth ?? 8;
  const colorType = spec.colorType ?? 6;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(spec.width, 0);
  header.writeUInt32BE(spec.height, 4);
  header.set([bitDepth, colorType, 0, 0, 0], 8);
  const raw = spec.raw ?? Buffer.alloc(rawSize(spec.width, spec.height, bitDepth, colorType));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...(spec.before ?? []),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
    spec.trailer ?? Buffer.alloc(0),
  ]);
}

/** A 300×100 RGBA drawing: a diagonal band of ink (31, 58, 110) on a clear background. */
export function inkedPng(before: Buffer[] = [], trailer?: Buffer): Buffer {
  const width = 300;
  const height = 100;
  const raw = Buffer.alloc(rawSize(width, height));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (Math.abs(x / 3 - y) < 2) raw.set([31, 58, 110, 255], y * (1 + width * 4) + 1 + x * 4);
  return makePng({ width, height, raw, before, ...(trailer ? { trailer } : {}) });
}

/** The chunk types of a PNG, in order (the file is trusted: the test made it or read it back). */
export function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    types.push(png.toString('latin1', at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

export const drawn = (png: Buffer) => ({ signature: { kind: 'drawn', value: dataUrl(png) }, consent: true });
