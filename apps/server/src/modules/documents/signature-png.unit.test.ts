// Decoding a drawn signature: every colour type, bit depth, filter and interlacing a PNG may use comes out as
// the same RGBA pixels, worked out by hand here; what no decoder could read is refused as damaged.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cleanSignaturePng, DAMAGED_SIGNATURE } from './signature-png.ts';
import { makePng, PNG_SIGNATURE, pngChunk } from './signature-png-testing.ts';

/** The clean copy's pixels: it is 8-bit RGBA, not interlaced, every row unfiltered. */
function pixelsOf(png: Buffer): { width: number; height: number; rgba: number[] } {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  expect([...png.subarray(24, 29)]).toEqual([8, 6, 0, 0, 0]);
  const idatLength = png.readUInt32BE(33);
  const rows = inflateSync(png.subarray(41, 41 + idatLength));
  const rgba: number[] = [];
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 4);
    expect(rows[start]).toBe(0);
    rgba.push(...rows.subarray(start + 1, start + 1 + width * 4));
  }
  return { width, height, rgba };
}

const grey = (...values: number[]) => values.flatMap((v) => [v, v, v, 255]);

describe('a drawn signature decoded and encoded again', () => {
  it('RGB rows filtered Sub then Up', async () => {
    // Pixels (10,20,30) (15,25,35) over (12,22,32) (17,27,37).
    const raw = Buffer.from([1, 10, 20, 30, 5, 5, 5, 2, 2, 2, 2, 2, 2, 2]);
    const clean = await cleanSignaturePng(makePng({ width: 2, height: 2, colorType: 2, raw }));
    expect(pixelsOf(clean)).toEqual({
      width: 2,
      height: 2,
      rgba: [10, 20, 30, 255, 15, 25, 35, 255, 12, 22, 32, 255, 17, 27, 37, 255],
    });
  });

  it('grey and alpha rows filtered Paeth, and grey rows filtered Average', async () => {
    // (100,255) (110,255) over (105,200) (120,255): Paeth predicts 100, 255, 110, 200.
    const paeth = Buffer.from([0, 100, 255, 110, 255, 4, 5, 201, 10, 55]);
    const clean = await cleanSignaturePng(makePng({ width: 2, height: 2, colorType: 4, raw: paeth }));
    expect(pixelsOf(clean).rgba).toEqual([
      100, 100, 100, 255, 110, 110, 110, 255, 105, 105, 105, 200, 120, 120, 120, 255,
    ]);
    // 50 60 over 70 90: Average predicts (0 + 50) / 2 = 25 and (70 + 60) / 2 = 65.
    const average = Buffer.from([0, 50, 60, 3, 45, 25]);
    const greyClean = await cleanSignaturePng(makePng({ width: 2, height: 2, colorType: 0, raw: average }));
    expect(pixelsOf(greyClean).rgba).toEqual(grey(50, 60, 70, 90));
  });

  it('a 2-bit palette with transparency, and 1-bit grey scaled to 0 and 255', async () => {
    const palette = pngChunk('PLTE', Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]));
    const trns = pngChunk('tRNS', Buffer.from([0, 128]));
    // Indices 0 1 2 3 in one byte: 00 01 10 11.
    const indexed = makePng({
      width: 4,
      height: 1,
      bitDepth: 2,
      colorType: 3,
      raw: Buffer.from([0, 0b00011011]),
      before: [palette, trns],
    });
    expect(pixelsOf(await cleanSignaturePng(indexed)).rgba).toEqual([
      255, 0, 0, 0, 0, 255, 0, 128, 0, 0, 255, 255, 9, 9, 9, 255,
    ]);
    const bits = makePng({
      width: 3,
      height: 1,
      bitDepth: 1,
      colorType: 0,
      raw: Buffer.from([0, 0b10100000]),
    });
    expect(pixelsOf(await cleanSignaturePng(bits)).rgba).toEqual(grey(255, 0, 255));
  });

  it('16-bit grey keeps the high byte, and the tRNS grey is clear', async () => {
    const raw = Buffer.from([0, 0x12, 0x34, 0xab, 0xcd]);
    const png = makePng({
      width: 2,
      height: 1,
      bitDepth: 16,
      colorType: 0,
      raw,
      before: [pngChunk('tRNS', Buffer.from([0xab, 0xcd]))],
    });
    expect(pixelsOf(await cleanSignaturePng(png)).rgba).toEqual([0x12, 0x12, 0x12, 255, 0xab, 0xab, 0xab, 0]);
  });

  it('an interlaced 3×3 image is put back together from its Adam7 passes', async () => {
    const v = (x: number, y: number) => 10 * y + x + 1;
    // Passes 1, 4, 5, 6 (two rows) and 7; passes 2 and 3 are empty at this size.
    const raw = Buffer.from([
      ...[0, v(0, 0)],
      ...[0, v(2, 0)],
      ...[0, v(0, 2), v(2, 2)],
      ...[0, v(1, 0)],
      ...[0, v(1, 2)],
      ...[0, v(0, 1), v(1, 1), v(2, 1)],
    ]);
    const header = makePng({ width: 3, height: 3, colorType: 0, raw });
    // makePng writes interlace method 0; set it to 1 and fix the IHDR's CRC.
    const png = Buffer.concat([
      header.subarray(0, 8),
      pngChunk('IHDR', Buffer.concat([header.subarray(16, 28), Buffer.from([1])])),
      header.subarray(33),
    ]);
    expect(pixelsOf(await cleanSignaturePng(png)).rgba).toEqual(grey(1, 2, 3, 11, 12, 13, 21, 22, 23));
  });

  it('refuses an unknown filter, a palette index past the palette, a missing IEND and an unknown critical chunk', async () => {
    const onePixel = Buffer.from([0, 1, 2, 3, 4]);
    const damaged = [
      makePng({ width: 1, height: 1, raw: Buffer.from([5, 1, 2, 3, 4]) }),
      makePng({
        width: 1,
        height: 1,
        colorType: 3,
        raw: Buffer.from([0, 2]),
        before: [pngChunk('PLTE', Buffer.from([1, 2, 3, 4, 5, 6]))],
      }),
      makePng({ width: 1, height: 1, raw: onePixel }).subarray(0, -12),
      makePng({ width: 1, height: 1, raw: onePixel, before: [pngChunk('ZZZZ', Buffer.from('x'))] }),
    ];
    for (const png of damaged) await expect(cleanSignaturePng(png)).rejects.toThrow(DAMAGED_SIGNATURE);
    // An ancillary chunk it does not know is dropped, not refused.
    const extra = makePng({
      width: 1,
      height: 1,
      raw: onePixel,
      before: [pngChunk('zzZz', Buffer.from('x'))],
    });
    expect(pixelsOf(await cleanSignaturePng(extra)).rgba).toEqual([1, 2, 3, 4]);
  });
});
