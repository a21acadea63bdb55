// The chunks around a WAV marker export's samples: `fmt `, a BWF `bext` and the `data` chunk's header before
// them; after them, a `cue ` chunk (a cue point per marker) and a `LIST` of type `adtl` (a `labl` with each
// point's text, an `ltxt` with a region's length). Chunks after `data` are legal RIFF and let the samples
// stream straight from the decoder's file; every size, the RIFF's included, counts them.
import { AppError } from '../../platform/errors.ts';
import type { Marker } from './markers-model.ts';

export interface PcmShape {
  sampleRate: number;
  channels: number;
  bitDepth: 16 | 24;
}

export interface CuePoint {
  /** The sample frame the marker is at. */
  frame: number;
  /** A region's length in sample frames; null for a point. */
  frames: number | null;
  label: string;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
/** KSDATAFORMAT_SUBTYPE_PCM, as its bytes lie in the file. */
const PCM_SUBFORMAT = Buffer.from('0100000000001000800000aa00389b71', 'hex');
/** The largest RIFF chunk a 32-bit size can state. */
const RIFF_MAX = 0xffff_ffff;
/** The fixed part of a `bext` chunk (EBU Tech 3285), up to the coding history. */
const BEXT_SIZE = 602;

/** A chunk: id, size, body and the pad byte an odd size takes (which the size leaves out). */
function chunk(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat(body.length % 2 ? [header, body, Buffer.alloc(1)] : [header, body]);
}

/**
 * Plain PCM up to two channels, as BWF has it; WAVE_FORMAT_EXTENSIBLE past two, where plain PCM leaves the
 * channels' order unsaid (the mask says nothing either: 0, "not given").
 */
export function fmtChunk({ sampleRate, channels, bitDepth }: PcmShape): Buffer {
  const blockAlign = channels * (bitDepth / 8);
  const extensible = channels > 2;
  const body = Buffer.alloc(extensible ? 40 : 16);
  body.writeUInt16LE(extensible ? WAVE_FORMAT_EXTENSIBLE : WAVE_FORMAT_PCM, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(sampleRate, 4);
  body.writeUInt32LE(sampleRate * blockAlign, 8);
  body.writeUInt16LE(blockAlign, 12);
  body.writeUInt16LE(bitDepth, 14);
  if (extensible) {
    body.writeUInt16LE(22, 16);
    body.writeUInt16LE(bitDepth, 18);
    body.writeUInt32LE(0, 20);
    PCM_SUBFORMAT.copy(body, 24);
  }
  return chunk('fmt ', body);
}

/** Printable ASCII only, as `bext`'s text fields are; anything else becomes '?'. */
const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

/**
 * A version 1 `bext` chunk (Broadcast Wave): a description, who made it, and when (UTC). The time reference
 * is 0: the file starts where the version starts, as every marker's position assumes.
 */
export function bextChunk(description: string, made: Date): Buffer {
  const body = Buffer.alloc(BEXT_SIZE);
  body.write(ascii(description).slice(0, 256), 0, 'latin1');
  body.write('Mixdesk', 256, 'latin1');
  const iso = made.toISOString();
  body.write(iso.slice(0, 10), 320, 'latin1');
  body.write(iso.slice(11, 19), 330, 'latin1');
  body.writeUInt16LE(1, 346);
  return chunk('bext', body);
}

/** Each marker as a cue point at its sample frame, within the `frames` the audio holds. */
export function cuePointsOf(markers: readonly Marker[], sampleRate: number, frames: number): CuePoint[] {
  const frameOf = (seconds: number) => Math.min(frames, Math.max(0, Math.round(seconds * sampleRate)));
  return markers.map((m) => {
    const frame = frameOf(m.at);
    return { frame, frames: m.end === null ? null : frameOf(m.end) - frame, label: m.label };
  });
}

/** A `cue ` chunk and its `LIST`/`adtl` of labels and region lengths; nothing for no points. */
export function cueChunks(points: readonly CuePoint[]): Buffer {
  if (points.length === 0) return Buffer.alloc(0);
  const cue = Buffer.alloc(4 + 24 * points.length);
  cue.writeUInt32LE(points.length, 0);
  const notes: Buffer[] = [Buffer.from('adtl', 'latin1')];
  points.forEach((point, i) => {
    const id = i + 1;
    const at = 4 + 24 * i;
    cue.writeUInt32LE(id, at);
    cue.writeUInt32LE(point.frame, at + 4); // its place in play order: the sample frame, with no playlist
    cue.write('data', at + 8, 'latin1');
    // Chunk start and block start stay 0: uncompressed samples in the one data chunk.
    cue.writeUInt32LE(point.frame, at + 20);
    // The label as UTF-8, ended by a NUL (so none inside it), the chunk padded to an even size.
    const text = Buffer.from(point.label.replace(/\0/g, ''), 'utf8');
    const labl = Buffer.alloc(4 + text.length + 1);
    labl.writeUInt32LE(id, 0);
    text.copy(labl, 4);
    notes.push(chunk('labl', labl));
    // After its label: a reader that takes each point's data from its last sub-chunk keeps the length.
    if (point.frames !== null) {
      const ltxt = Buffer.alloc(20);
      ltxt.writeUInt32LE(id, 0);
      ltxt.writeUInt32LE(point.frames, 4);
      ltxt.write('rgn ', 8, 'latin1');
      notes.push(chunk('ltxt', ltxt));
    }
  });
  return Buffer.concat([chunk('cue ', cue), chunk('LIST', Buffer.concat(notes))]);
}

/** Refuses a file whose RIFF chunk would be larger than its 32-bit size can state (UNPROCESSABLE). */
export function assertFitsRiff(riffBytes: number): void {
  if (riffBytes > RIFF_MAX)
    throw new AppError(
      'UNPROCESSABLE',
      'This version is too long for a WAV file (over 4 GB of samples): export its markers as MIDI, REAPER or Audacity instead.',
    );
}

export interface WavLayout {
  /** RIFF header, `fmt `, `bext` and the `data` chunk's header: what goes before the samples. */
  head: Buffer;
  /** The pad byte odd samples need, then the cue chunks: what goes after them. */
  tail: Buffer;
  /** The whole file's bytes. */
  size: number;
}

/** What surrounds `dataBytes` of samples of `shape` to make the WAV file with `points`. */
export function wavLayout(
  shape: PcmShape,
  dataBytes: number,
  points: readonly CuePoint[],
  bext: Buffer,
): WavLayout {
  const fmt = fmtChunk(shape);
  const tail = Buffer.concat([Buffer.alloc(dataBytes % 2), cueChunks(points)]);
  const riffSize = 4 + fmt.length + bext.length + 8 + dataBytes + tail.length;
  assertFitsRiff(riffSize);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(riffSize, 4);
  riff.write('WAVE', 8, 'latin1');
  const data = Buffer.alloc(8);
  data.write('data', 0, 'latin1');
  data.writeUInt32LE(dataBytes, 4);
  return { head: Buffer.concat([riff, fmt, bext, data]), tail, size: 8 + riffSize };
}
