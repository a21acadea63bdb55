// A PNG's inflated scanlines to 8-bit RGBA pixels: every colour type and bit depth the specification allows,
// interlaced or not, with tRNS transparency. Returns null for what no decoder could make sense of (an unknown
// filter type, a palette index past the palette), so the caller can refuse the file.
export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

/** The chunks a decoder needs, read and checked by signature-png.ts. */
export interface PngParts {
  header: PngHeader;
  palette: Buffer | null;
  transparency: Buffer | null;
  data: Buffer[];
}

/** Samples per pixel of each colour type: grey, RGB, palette, grey + alpha, RGBA. */
export const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Pass {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
}

/** Adam7's seven passes: start column and row, and the step in each direction. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The sub-images the scanlines come in: the whole image, or Adam7's passes (empty ones left out). */
export function passesOf(header: PngHeader): Pass[] {
  const grid = header.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  return grid
    .map(([x0, y0, dx, dy]) => ({
      x0,
      y0,
      dx,
      dy,
      width: Math.ceil((header.width - x0) / dx),
      height: Math.ceil((header.height - y0) / dy),
    }))
    .filter((p) => p.width > 0 && p.height > 0);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes a row's filter in place; `unit` is the bytes per complete pixel (at least 1). False: unknown filter. */
function unfilter(type: number, line: Buffer, prev: Buffer, unit: number): boolean {
  const n = line.length;
  switch (type) {
    case 0:
      return true;
    case 1:
      for (let i = unit; i < n; i++) line[i] = line[i]! + line[i - unit]!;
      return true;
    case 2:
      for (let i = 0; i < n; i++) line[i] = line[i]! + prev[i]!;
      return true;
    case 3:
      for (let i = 0; i < n; i++) line[i] = line[i]! + (((i >= unit ? line[i - unit]! : 0) + prev[i]!) >> 1);
      return true;
    case 4:
      for (let i = 0; i < n; i++)
        line[i] =
          line[i]! + paeth(i >= unit ? line[i - unit]! : 0, prev[i]!, i >= unit ? prev[i - unit]! : 0);
      return true;
    default:
      return false;
  }
}

/** The `index`th sample of a row at this bit depth, at full precision. */
function sampleAt(line: Buffer, index: number, depth: number): number {
  if (depth === 8) return line[index]!;
  if (depth === 16) return line.readUInt16BE(index * 2);
  const bit = index * depth;
  return (line[bit >> 3]! >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
}

/** Writes one row of a pass into the RGBA image; false when a palette index is out of range. */
function writeRow(
  parts: PngParts,
  line: Buffer,
  pass: Pass,
  y: number,
  out: Buffer,
  toByte: (v: number) => number,
): boolean {
  const { header, palette, transparency: trns } = parts;
  const { bitDepth: depth, colorType } = header;
  const channels = CHANNELS[colorType]!;
  const entries = palette ? palette.length / 3 : 0;
  // tRNS for grey and RGB names one colour that is fully transparent, as 16-bit samples.
  const key =
    trns && colorType !== 3
      ? Array.from({ length: trns.length >> 1 }, (_, i) => trns.readUInt16BE(i * 2))
      : null;
  for (let i = 0; i < pass.width; i++) {
    const at = ((pass.y0 + y * pass.dy) * header.width + pass.x0 + i * pass.dx) * 4;
    const s = (c: number) => sampleAt(line, i * channels + c, depth);
    if (colorType === 3) {
      const index = s(0);
      if (index >= entries) return false;
      out[at] = palette![index * 3]!;
      out[at + 1] = palette![index * 3 + 1]!;
      out[at + 2] = palette![index * 3 + 2]!;
      out[at + 3] = trns && index < trns.length ? trns[index]! : 255;
    } else if (colorType === 0 || colorType === 4) {
      const grey = s(0);
      out[at] = out[at + 1] = out[at + 2] = toByte(grey);
      out[at + 3] = colorType === 4 ? toByte(s(1)) : key && grey === key[0] ? 0 : 255;
    } else {
      const [r, g, b] = [s(0), s(1), s(2)];
      out[at] = toByte(r);
      out[at + 1] = toByte(g);
      out[at + 2] = toByte(b);
      out[at + 3] =
        colorType === 6 ? toByte(s(3)) : key && r === key[0] && g === key[1] && b === key[2] ? 0 : 255;
    }
  }
  return true;
}

/** The image as 8-bit RGBA, row by row, or null when its scanlines cannot be decoded. */
export function decodeToRgba(parts: PngParts, raw: Buffer): Buffer | null {
  const { header } = parts;
  const bits = CHANNELS[header.colorType]! * header.bitDepth;
  const unit = Math.max(1, bits >> 3);
  const max = (1 << header.bitDepth) - 1;
  // Palette samples are indices; every other sample scales to 0–255.
  const toByte =
    header.bitDepth === 8
      ? (v: number) => v
      : header.bitDepth === 16
        ? (v: number) => v >> 8
        : (v: number) => Math.round((v * 255) / max);
  const out = Buffer.alloc(header.width * header.height * 4);
  let offset = 0;
  for (const pass of passesOf(header)) {
    const rowBytes = Math.ceil((pass.width * bits) / 8);
    let prev: Buffer = Buffer.alloc(rowBytes);
    for (let y = 0; y < pass.height; y++) {
      const line = raw.subarray(offset + 1, offset + 1 + rowBytes);
      if (!unfilter(raw[offset]!, line, prev, unit)) return null;
      // The common case (a browser's canvas): 8-bit RGBA rows are the output as they stand.
      if (header.colorType === 6 && header.bitDepth === 8 && !header.interlaced) line.copy(out, y * rowBytes);
      else if (!writeRow(parts, line, pass, y, out, toByte)) return null;
      prev = line;
      offset += 1 + rowBytes;
    }
  }
  return out;
}
