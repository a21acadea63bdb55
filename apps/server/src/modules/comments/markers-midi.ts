// A Standard MIDI File of a version's markers: format 0 (one track), the version's tempo (FF 51) and 4/4 at
// the start, then a marker meta event (FF 06) at each comment's time. A DAW that opens it lays the markers on
// its timeline and, with the tempo, its bars over the mix.
import type { Marker } from './markers-model.ts';

/** Ticks per quarter note: a tick is about half a millisecond at 120 BPM. */
export const TICKS_PER_QUARTER = 960;
/** The largest number a variable-length quantity holds (four bytes of seven bits). */
const MAX_QUANTITY = 0x0fff_ffff;

/** A MIDI variable-length quantity: seven bits a byte, most significant first, the high bit on all but the last. */
export function variableLength(value: number): number[] {
  let rest = Math.min(MAX_QUANTITY, Math.max(0, Math.floor(value)));
  const bytes = [rest & 0x7f];
  for (rest >>>= 7; rest > 0; rest >>>= 7) bytes.unshift((rest & 0x7f) | 0x80);
  return bytes;
}

const meta = (type: number, data: Uint8Array | number[]) =>
  Buffer.from([0xff, type, ...variableLength(data.length), ...data]);

/** Microseconds per quarter note, as FF 51 holds it (three bytes); 120 BPM for no tempo or a senseless one. */
export function microsecondsPerQuarter(bpm: number | null): number {
  const tempo = bpm !== null && Number.isFinite(bpm) && bpm > 0 ? bpm : 120;
  return Math.min(0xff_ffff, Math.max(1, Math.round(60_000_000 / tempo)));
}

/**
 * The file: `title` as the track's name, the tempo `bpm` (null: 120), and each marker's label as UTF-8 bytes
 * (a reader shows them as the DAW decodes text; the length before them counts bytes, not characters).
 */
export function markersMidi(markers: readonly Marker[], bpm: number | null, title: string): Buffer {
  const tempo = microsecondsPerQuarter(bpm);
  // From the tempo as written (rounded to the microsecond), so that a reader's time of each tick is the
  // comment's: seconds × quarters per second × ticks per quarter.
  const tickOf = (seconds: number) =>
    Math.min(MAX_QUANTITY, Math.round((seconds * 1e6 * TICKS_PER_QUARTER) / tempo));
  const events: { tick: number; bytes: Buffer }[] = [
    { tick: 0, bytes: meta(0x03, Buffer.from(title, 'utf8')) },
    { tick: 0, bytes: meta(0x51, [(tempo >> 16) & 0xff, (tempo >> 8) & 0xff, tempo & 0xff]) },
    // 4/4, a click every quarter (24 MIDI clocks), 8 thirty-second notes to the quarter.
    { tick: 0, bytes: meta(0x58, [4, 2, 24, 8]) },
    ...markers
      .map((m) => ({ tick: tickOf(m.at), bytes: meta(0x06, Buffer.from(m.label, 'utf8')) }))
      .sort((a, b) => a.tick - b.tick),
  ];
  const last = events.at(-1)?.tick ?? 0;
  events.push({ tick: last, bytes: meta(0x2f, []) });
  const parts: Buffer[] = [];
  let previous = 0;
  for (const event of events) {
    parts.push(Buffer.from(variableLength(event.tick - previous)), event.bytes);
    previous = event.tick;
  }
  const track = Buffer.concat(parts);
  const header = Buffer.alloc(22);
  header.write('MThd', 0, 'latin1');
  header.writeUInt32BE(6, 4);
  header.writeUInt16BE(0, 8); // format 0: one track
  header.writeUInt16BE(1, 10);
  header.writeUInt16BE(TICKS_PER_QUARTER, 12);
  header.write('MTrk', 14, 'latin1');
  header.writeUInt32BE(track.length, 18);
  return Buffer.concat([header, track]);
}
