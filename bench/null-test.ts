// npx tsx bench/null-test.ts — the null test (issue #36) of BENCH_NULL_STEMS stereo stems (8) of
// BENCH_NULL_SECONDS (300) at 44.1 kHz/24-bit against their mix (their exact sum), as the job runs it
// (null-test-engine.ts under the app's decode limits). Prints the wall time, the speed against real time, and
// the largest resident memory of one ffmpeg pass (from /usr/bin/time, where present) with the stems it opened.
// Benchmarks print numbers; they never assert wall-clock times.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../apps/server/src/config.ts';
import { noise, wavHeader } from '../apps/server/src/modules/analysis/test-signals.ts';
import { decoders } from '../apps/server/src/modules/media/decoder.ts';
import {
  measureNullTest,
  type NullTestInput,
  passArgs,
} from '../apps/server/src/modules/media/null-test-engine.ts';

const STEMS = Number(process.env.BENCH_NULL_STEMS ?? 8);
const SECONDS = Number(process.env.BENCH_NULL_SECONDS ?? 300);
const RATE = 44_100;
const FULL = 2 ** 23;
const BLOCK = RATE;

const d = decoders({ searchPath: process.env.PATH } as Config);
const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-bench-null-test-'));

/** Writes the stems and their sum a second at a time (nothing held whole). */
async function writeMaterial(): Promise<{ mix: string; stems: string[] }> {
  const frames = SECONDS * RATE;
  const files = Array.from({ length: STEMS }, (_, k) => path.join(dir, `stem-${k}.wav`));
  const mixFile = path.join(dir, 'mix.wav');
  const outs = [...files, mixFile].map((f) => createWriteStream(f));
  for (const out of outs) out.write(wavHeader(frames, RATE, 2, 24));
  const rands = files.map((_, k) => noise(100 + k));
  const amplitude = 0.8 / STEMS;
  for (let from = 0; from < frames; from += BLOCK) {
    const n = Math.min(BLOCK, frames - from);
    const mix = new Int32Array(n * 2);
    for (const [k, out] of outs.slice(0, STEMS).entries()) {
      const data = Buffer.alloc(n * 2 * 3);
      for (let i = 0; i < n; i++)
        for (let c = 0; c < 2; c++) {
          const t = (from + i) / RATE;
          const tone = Math.sin(2 * Math.PI * (55 * (k + 1) + 3 * c) * t);
          const v = Math.round(amplitude * FULL * (0.7 * tone + 0.3 * rands[k]!()));
          mix[i * 2 + c]! += v;
          data.writeIntLE(v, (i * 2 + c) * 3, 3);
        }
      if (!out.write(data)) await once(out, 'drain');
    }
    const data = Buffer.alloc(n * 2 * 3);
    for (let i = 0; i < mix.length; i++) data.writeIntLE(mix[i]!, i * 3, 3);
    if (!outs[STEMS]!.write(data)) await once(outs[STEMS]!, 'drain');
  }
  await Promise.all(
    outs.map(async (out) => {
      out.end();
      await once(out, 'finish');
    }),
  );
  return { mix: mixFile, stems: files };
}

const input = (name: string, key: string): NullTestInput => ({
  name,
  key,
  format: 'wav',
  sampleRate: RATE,
  channels: 2,
  duration: SECONDS,
});

try {
  console.log(
    `ffmpeg ${d.ffmpeg.path} (${d.ffmpeg.source}); ${STEMS} stereo stems of ${SECONDS} s, 44.1 kHz/24-bit`,
  );
  const made = await writeMaterial();
  const mix = input('mix', made.mix);
  const stems = made.stems.map((f, k) => input(`stem-${k}`, f));
  for (let round = 1; round <= 2; round++) {
    const start = performance.now();
    const result = await measureNullTest(d, mix, stems);
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `round ${round}: ${seconds.toFixed(2)} s (${(SECONDS / seconds).toFixed(0)}× real time)`,
      JSON.stringify(result),
    );
  }
  if (existsSync('/usr/bin/time')) {
    const sources = [
      { kind: 'file' as const, input: mix, file: made.mix, negate: true },
      ...stems.map((s) => ({ kind: 'file' as const, input: s, file: s.key, negate: false })),
    ];
    const args = passArgs(sources, mix, 'f64le').map((a) => (a === 'pipe:1' ? '/dev/null' : a));
    // /usr/bin/time prints the largest resident set (KB) last on stderr.
    const run = spawnSync('/usr/bin/time', ['-f', '%M', d.ffmpeg.path, '-y', ...args], { encoding: 'utf8' });
    const kb = run.stderr.trim().split('\n').at(-1);
    console.log(`one pass of ${sources.length} files: ffmpeg at most ${kb} KB resident`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
