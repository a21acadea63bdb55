// A release's artwork is checked from its header alone, before anything else reads it: JPEG or PNG, square,
// 1400 to 6000 px a side, RGB (the stores' rules). No pixel is decoded; the header walk is bounded by the body
// limit and stops at the first frame header, so a hostile file costs one pass over its bytes at most.
export const ARTWORK_MAX_BYTES = 40 * 1024 * 1024;
export const ARTWORK_MIN_PX = 1400;
export const ARTWORK_MAX_PX = 6000;

export interface ArtworkShape {
  format: 'jpeg' | 'png';
  width: number;
  height: number;
  /** 'rgb', or what else it is (refused). */
  colour: 'rgb' | 'rgba' | 'grayscale' | 'palette' | 'cmyk' | 'unknown';
}

export type ArtworkVerdict =
  | { ok: true; shape: ArtworkShape }
  | { ok: false; status: 415 | 422; message: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const PNG_COLOUR: Record<number, ArtworkShape['colour']> = {
  0: 'grayscale',
  2: 'rgb',
  3: 'palette',
  4: 'grayscale',
  6: 'rgba',
};

function pngShape(bytes: Buffer): ArtworkShape | null {
  // Signature, then the IHDR chunk: length (13), type, width, height, bit depth, colour type.
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return {
    format: 'png',
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    colour: PNG_COLOUR[bytes[25]!] ?? 'unknown',
  };
}

/** Start-of-frame markers (baseline, progressive, lossless, …): C0–CF except DHT C4, JPG C8, DAC CC. */
const isFrameMarker = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegShape(bytes: Buffer): ArtworkShape | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isFrameMarker(marker)) {
      if (at + 10 > bytes.length) return null;
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      const components = bytes[at + 9]!;
      const colour: ArtworkShape['colour'] =
        components === 3 ? 'rgb' : components === 1 ? 'grayscale' : components === 4 ? 'cmyk' : 'unknown';
      return { format: 'jpeg', width, height, colour };
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end, or scan data before any frame header
    at += 2 + length;
  }
  return null;
}

const COLOUR_PROBLEM: Record<Exclude<ArtworkShape['colour'], 'rgb'>, string> = {
  rgba: 'Artwork must be RGB without transparency: this PNG has an alpha channel. Save it as RGB (no transparency).',
  grayscale: 'Artwork must be in RGB colour: this image is grayscale.',
  palette: 'Artwork must be RGB true colour: this PNG uses an indexed palette. Save it as 24-bit RGB.',
  cmyk: 'Artwork must be RGB: this JPEG is CMYK (print colours). Convert it to RGB before uploading.',
  unknown: 'Artwork must be RGB: its colour format could not be recognised.',
};

/** Reads the image's header and says whether it can be a release's artwork, and if not, what is wrong. */
export function checkArtwork(bytes: Buffer): ArtworkVerdict {
  const isPng = bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isPng && !isJpeg)
    return { ok: false, status: 415, message: 'Artwork must be a JPEG or PNG image: this file is neither' };
  const shape = isPng ? pngShape(bytes) : jpegShape(bytes);
  if (!shape || shape.width === 0 || shape.height === 0)
    return {
      ok: false,
      status: 422,
      message: `Artwork could not be read: the ${isPng ? 'PNG' : 'JPEG'} file is damaged or incomplete`,
    };
  const size = `${shape.width} × ${shape.height} px`;
  if (shape.width !== shape.height)
    return { ok: false, status: 422, message: `Artwork must be square: this image is ${size}` };
  if (shape.width < ARTWORK_MIN_PX)
    return {
      ok: false,
      status: 422,
      message: `Artwork must be at least ${ARTWORK_MIN_PX} × ${ARTWORK_MIN_PX} px: this image is ${size}`,
    };
  if (shape.width > ARTWORK_MAX_PX)
    return {
      ok: false,
      status: 422,
      message: `Artwork must be at most ${ARTWORK_MAX_PX} × ${ARTWORK_MAX_PX} px: this image is ${size}`,
    };
  if (shape.colour !== 'rgb') return { ok: false, status: 422, message: COLOUR_PROBLEM[shape.colour] };
  return { ok: true, shape };
}
