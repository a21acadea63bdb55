// npm run bench:copies — the listening copies (issue #35) of a 5-minute stereo WAV made here (music: a chord,
// noise and a kick at 128 BPM), 44.1 kHz 16-bit and 48 kHz 24-bit: the job's one ffmpeg run (copies.ts'
// arguments) making the FLAC and the AAC, against the baseline of decoding the same file once to nothing in the
// same run. Prints wall time, the speed against real time (bar: both copies in under 10 s, i.e. ≥ 30× real
// time), the copies' sizes (the compact one at most 2.1 MB a minute). BENCH_COPIES_SECONDS sets the length,
// BENCH_COPIES_ROUNDS the rounds (median shown).
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { music, pcmBytes, wavHeader } from '../apps/server/src/modules/analysis/test-signals.ts';
import { copyArgs } from '../apps/server/src/modules/media/copies.ts';
import { runDecoder } from '../apps/server/src/modules/media/decoder.ts';
import { benchDecoders } from './lib.ts';

const SECONDS = Number(process.env.BENCH_COPIES_SECONDS ?? 300);
const ROUNDS = Number(process.env.BENCH_COPIES_ROUNDS ?? 3);
const BAR_SECONDS = 10;

const d = benchDecoders();

async function writeWav(file: string, rate: number, bits: 16 | 24): Promise<void> {
  const out = createWriteStream(file);
  out.write(wavHeader(Math.round(SECONDS * rate), rate, 2, bits));
  for (const block of music({ bpm: 128, seconds: SECONDS, sampleRate: rate, blockSeconds: 5 }))
    if (!out.write(pcmBytes(block, bits))) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

async function timed(args: string[]): Promise<number> {
  const start = performance.now();
  const run = runDecoder(d, 'ffmpeg', args, d.decode);
  run.stdout.resume();
  await run.result;
  return (performance.now() - start) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fixed = (v: number, digits = 2) => v.toFixed(digits);
const MB = 1_000_000;

const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-bench-copies-'));
try {
  console.log(
    `ffmpeg ${d.ffmpeg.path} (${d.ffmpeg.source}); ${SECONDS} s of stereo music; median of ${ROUNDS}`,
  );
  for (const [rate, bits] of [
    [44_100, 16],
    [48_000, 24],
  ] as const) {
    const file = path.join(dir, `mix-${rate}-${bits}.wav`);
    await writeWav(file, rate, bits);
    const source = {
      format: 'wav' as const,
      sample_rate: rate,
      bit_depth: bits,
      channels: 2,
      duration: SECONDS,
    };
    const out = { lossless: path.join(dir, 'l.flac'), compact: path.join(dir, 'c.m4a') };
    const trim = `atrim=end_sample=${Math.ceil((SECONDS + 5) * rate)}`;
    const decode = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-f',
      'wav',
      '-i',
      file,
      '-f',
      'null',
      '-',
    ];
    const base: number[] = [];
    const copies: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      base.push(await timed(decode));
      copies.push(await timed(['-y', ...copyArgs(source, file, out, trim)]));
    }
    const wall = median(copies);
    const flac = statSync(out.lossless).size;
    const m4a = statSync(out.compact).size;
    console.log(
      `${rate / 1000} kHz ${bits}-bit: both copies ${fixed(wall)} s = ${fixed(SECONDS / wall, 1)}× real time (bar: under ${BAR_SECONDS} s, ${wall < BAR_SECONDS ? 'met' : 'NOT met'}); ` +
        `decode alone ${fixed(median(base))} s (copies / decode ${fixed(wall / median(base), 1)}×); ` +
        `FLAC ${fixed(flac / MB)} MB (${fixed((flac / statSync(file).size) * 100, 0)} % of the WAV), ` +
        `AAC ${fixed(m4a / MB)} MB = ${fixed(m4a / MB / (SECONDS / 60))} MB a minute (bar ≤ 2.1)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
