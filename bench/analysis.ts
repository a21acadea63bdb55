// npm run bench:analysis — the loudness analysis (issue #17) of a 5-minute 48 kHz stereo 24-bit WAV made here
// (a chord, noise and a kick on every beat at 128 BPM), decoded by ffmpeg and measured as analyseFile does it
// for an upload. Prints wall time, CPU time (this process plus ffmpeg's, the reaped child's time from
// /proc), and the speed against real time (bar ≥ 30×); then, for reading them, each meter alone on the first
// minute in memory; and mastering the same file to two targets (bar under 20 s each). BENCH_ANALYSIS_SECONDS
// sets the length, BENCH_ANALYSIS_ROUNDS the rounds (median shown).

import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyseFile } from '../apps/server/src/modules/analysis/analyse.ts';
import { LoudnessMeter } from '../apps/server/src/modules/analysis/loudness.ts';
import { TempoTracker } from '../apps/server/src/modules/analysis/tempo.ts';
import { music, pcmBytes, wavHeader } from '../apps/server/src/modules/analysis/test-signals.ts';
import { PeakMeter } from '../apps/server/src/modules/analysis/true-peak.ts';
import { masterFile } from '../apps/server/src/modules/mastering/master-file.ts';
import { benchDecoders } from './lib.ts';

const SECONDS = Number(process.env.BENCH_ANALYSIS_SECONDS ?? 300);
const ROUNDS = Number(process.env.BENCH_ANALYSIS_ROUNDS ?? 3);
const RATE = 48_000;
const BPM = 128;
const BAR_TIMES_REAL_TIME = 30;

const d = benchDecoders();

/** This process's own CPU seconds and its reaped children's (Linux /proc; clock ticks of 1/100 s). */
function cpuSeconds(): { self: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const usage = process.cpuUsage();
  return {
    self: (usage.user + usage.system) / 1e6,
    children: (Number(fields[13]) + Number(fields[14])) / 100,
  };
}

async function writeWav(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write(wavHeader(Math.round(SECONDS * RATE), RATE, 2, 24));
  for (const block of music({ bpm: BPM, seconds: SECONDS, sampleRate: RATE, blockSeconds: 5 }))
    if (!out.write(pcmBytes(block, 24))) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fixed = (v: number, digits = 2) => v.toFixed(digits);

const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-bench-analysis-'));
try {
  const file = path.join(dir, 'mix.wav');
  const made = performance.now();
  await writeWav(file);
  console.log(
    `${SECONDS} s 48 kHz stereo 24-bit WAV (${BPM} BPM) made in ${fixed((performance.now() - made) / 1000)} s; ffmpeg ${d.ffmpeg.path}`,
  );
  const rows: { wall: number; self: number; ffmpeg: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = cpuSeconds();
    const start = performance.now();
    const figures = await analyseFile(d, file, {
      format: 'wav',
      sampleRate: RATE,
      channels: 2,
      durationSeconds: SECONDS,
    });
    const wall = (performance.now() - start) / 1000;
    const after = cpuSeconds();
    const row = { wall, self: after.self - before.self, ffmpeg: after.children - before.children };
    rows.push(row);
    console.log(
      `round ${round}: wall ${fixed(wall)} s, CPU ${fixed(row.self + row.ffmpeg)} s (node ${fixed(row.self)} + ffmpeg ${fixed(row.ffmpeg)}), ${fixed(SECONDS / wall, 1)}× real time`,
    );
    if (round === 1)
      console.log(
        `  figures: ${figures.integratedLufs} LUFS, LRA ${figures.loudnessRange} LU, ${figures.truePeakDbtp} dBTP, sample peak ${figures.samplePeakDbfs} dBFS, ${figures.tempoBpm} BPM (confidence ${figures.tempoConfidence}), ${figures.shortTerm.length} short-term values`,
      );
  }
  const wall = median(rows.map((r) => r.wall));
  const cpu = median(rows.map((r) => r.self + r.ffmpeg));
  console.log(
    `median: wall ${fixed(wall)} s, CPU ${fixed(cpu)} s, ${fixed(SECONDS / wall, 1)}× real time (bar ≥ ${BAR_TIMES_REAL_TIME}×, i.e. under ${fixed(SECONDS / BAR_TIMES_REAL_TIME, 1)} s)`,
  );

  // Mastering the same file as the job does it (Spotify's −14/−1, Apple Music's −16/−1), with no stored
  // analysis to plan from: measure the original, render, measure what was made, and render again only while it
  // misses (issue #32). Bar: under 20 s each.
  const mastered = path.join(dir, 'master.wav');
  const shape = {
    format: 'wav' as const,
    sampleRate: RATE,
    channels: 2,
    bitDepth: 24,
    durationSeconds: SECONDS,
  };
  for (const target of [
    { targetLufs: -14, truePeakDbtp: -1 },
    { targetLufs: -16, truePeakDbtp: -1 },
  ]) {
    const masterBefore = cpuSeconds();
    const masterStart = performance.now();
    const result = await masterFile(d, file, mastered, shape, target);
    const masterWall = (performance.now() - masterStart) / 1000;
    const masterAfter = cpuSeconds();
    const cpu = masterAfter.self - masterBefore.self + masterAfter.children - masterBefore.children;
    console.log(
      `mastering to ${target.targetLufs} LUFS / ${target.truePeakDbtp} dBTP: wall ${fixed(masterWall)} s, CPU ${fixed(cpu)} s, ${result.passes.length} render(s); result ${result.figures.integratedLufs} LUFS, ${result.figures.truePeakDbtp} dBTP (bar: under 20 s)`,
    );
  }

  // Each meter alone over the first minute, in memory: where the time goes.
  const minute = [
    ...music({ bpm: BPM, seconds: Math.min(60, SECONDS), sampleRate: RATE, blockSeconds: 0.5 }),
  ];
  const seconds = minute.reduce((n, b) => n + b.length / 2, 0) / RATE;
  const meters = {
    loudness: () => new LoudnessMeter(RATE, 2),
    'true peak': () => new PeakMeter(2),
    tempo: () => new TempoTracker(RATE, 2),
  };
  for (const [name, make] of Object.entries(meters)) {
    const meter = make();
    const start = performance.now();
    for (const block of minute) meter.push(block);
    meter.finish();
    const ms = performance.now() - start;
    console.log(
      `  ${name}: ${fixed(ms, 0)} ms for ${fixed(seconds, 0)} s, ${fixed((seconds * 1000) / ms, 0)}× real time`,
    );
  }
  // The peak meter skips stretches that cannot beat the peak so far; a steady crescendo never lets it.
  const crescendo = minute.map((block, b) =>
    block.map((v, i) => (v * (b * block.length + i)) / (minute.length * block.length)),
  );
  const worst = new PeakMeter(2);
  const start = performance.now();
  for (const block of crescendo) worst.push(block);
  worst.finish();
  const ms = performance.now() - start;
  console.log(
    `  true peak, nothing skipped (a crescendo): ${fixed(ms, 0)} ms for ${fixed(seconds, 0)} s, ${fixed((seconds * 1000) / ms, 0)}× real time`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
