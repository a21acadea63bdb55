// Readers for marker exports that share no code with the writers: a strict RFC 4180 parser, REAPER's time
// layout read back, `midi-file` and `wavefile` from npm, and ffmpeg's MD5 of decoded samples; and waiting for
// the app's background work.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseMidi } from 'midi-file';
import { expect } from 'vitest';
import wavefile from 'wavefile';
import { until } from '../../../test/services.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';

/** What a test expects of one marker: its time and end in seconds, and its label. */
export interface Expected {
  at: number;
  end: number | null;
  label: string;
}

/** Records of RFC 4180 CSV: CRLF between records, quotes doubled inside quoted fields; throws on anything else. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      for (i++; ; i++) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"' && text[i + 1] === '"') field += text[i++];
        else if (text[i] === '"') break;
        else field += text[i];
      }
      i++;
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.slice(i, i + 2) !== '\r\n') throw new Error(`expected CRLF at ${i}`);
    records.push(record);
    record = [];
    i += 2;
    if (i === text.length) return records;
  }
}

/** Seconds from `m:ss.sss` or `h:mm:ss.sss`. */
export function clockSeconds(value: string): number {
  const match = /^(?:(\d+):)?(\d+):(\d{2}\.\d{3})$/.exec(value);
  if (!match) throw new Error(`not a time: ${value}`);
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** The file's tempo and its markers' times (from ticks and the tempo map) and texts (UTF-8). */
export function readMidi(bytes: Buffer) {
  const midi = parseMidi(bytes);
  const perQuarter = midi.header.ticksPerBeat ?? 0;
  let tick = 0;
  let seconds = 0;
  let tempo = 500_000; // the standard's default until a tempo event
  const tempos: number[] = [];
  const markers: { seconds: number; text: string }[] = [];
  for (const track of midi.tracks)
    for (const event of track) {
      seconds += (event.deltaTime * tempo) / perQuarter / 1e6;
      tick += event.deltaTime;
      if (event.type === 'setTempo') {
        tempo = event.microsecondsPerBeat;
        tempos.push(tempo);
      }
      if (event.type === 'marker')
        markers.push({ seconds, text: Buffer.from(event.text, 'latin1').toString('utf8') });
    }
  return { format: midi.header.format, tracks: midi.tracks.length, tempos, markers, lastTick: tick };
}

/** The WAV as wavefile reads it, its cue points in milliseconds (end null for a point). */
export function readWav(bytes: Buffer) {
  const wav = new wavefile.WaveFile(bytes);
  const fmt = wav.fmt as { sampleRate: number; numChannels: number; bitsPerSample: number };
  const points = (wav.listCuePoints() as { position: number; end: number | null; label: string }[]).map(
    (p) => ({ ms: p.position, endMs: p.end, label: p.label }),
  );
  // bext's fields are fixed-size, padded with NULs (which wavefile reads as spaces).
  const field = (value: string) => value.replace(/[\0 ]+$/, '');
  const { originator, description } = wav.bext as { originator: string; description: string };
  return {
    fmt,
    points,
    bext: { originator: field(originator), description: field(description) },
    chunks: chunkIds(bytes),
  };
}

/** The top-level chunk ids in file order, walking the sizes the file states (which must land on its end). */
export function chunkIds(bytes: Buffer): string[] {
  const ids: string[] = [];
  let at = 12;
  while (at < bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    ids.push(bytes.toString('latin1', at, at + 4));
    at += 8 + size + (size % 2);
  }
  if (at !== bytes.length) throw new Error(`chunks end at ${at}, the file at ${bytes.length}`);
  return ids;
}

/** ffmpeg's MD5 of the first audio stream's samples as `codec` (pcm_s16le, pcm_s24le…). */
export async function samplesMd5(ffmpeg: string, file: Buffer, codec: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-markers-'));
  try {
    const input = path.join(dir, 'input');
    writeFileSync(input, file);
    return await new Promise<string>((resolve, reject) =>
      execFile(
        ffmpeg,
        ['-v', 'error', '-i', input, '-map', '0:a:0', '-c:a', codec, '-f', 'md5', '-'],
        (err, stdout) => (err ? reject(err) : resolve(stdout.trim())),
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seconds equal to the millisecond. */
export const sameMs = (actual: number, seconds: number) =>
  expect(Math.abs(actual - seconds)).toBeLessThan(0.0005);

/** Waits for every WAV export's decoded samples to be gone from the data dir. */
export const samplesGone = (app: FastifyInstance) =>
  until(
    async () => readdirSync(path.join(app.ctx.config.dataDir, 'tmp')).length === 0,
    10_000,
    'decoded samples removed',
  );

/** Every job (peaks, analysis) done, so that nothing writes a version's figures after a test sets them. */
export async function allJobsDone(app: FastifyInstance): Promise<void> {
  await jobQueue(app.ctx).idle();
  await until(
    async () => {
      const busy = await app.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .execute();
      return busy.length === 0;
    },
    60_000,
    'jobs done',
  );
}
