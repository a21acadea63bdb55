// Masters that reach their target (issue #32), on music-like mixes (test-music.ts: sections at different
// levels, a pumping beat, drum transients, noise and detuned tones in stereo), every output judged by
// ffmpeg's ebur128 meter (test-judge.ts), not by our own analysis: within MASTER_TOLERANCE_LU of the target
// and with the true peak at or under the ceiling, or refused before anything is rendered, for a reason that
// a render forced through anyway confirms.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MASTER_TOLERANCE_LU, type MasterRequest } from '@mixdesk/contract/analysis';
import type { AudioFormat } from '@mixdesk/contract/media';
import { afterAll, describe, expect, it } from 'vitest';
import { wavFile } from '../analysis/test-signals.ts';
import { type Decoders, findOnPath, resolveBinary } from '../media/decoder.ts';
import { masterFile } from './master-file.ts';
import { MAX_LIMITING_LU, MasterRefused } from './refusals.ts';
import { type RenderShape, renderMaster } from './render.ts';
import { ebur128 } from './test-judge.ts';
import { MIXES } from './test-music.ts';

const limits = { timeoutMs: 120_000, cpuSeconds: 120, addressSpaceBytes: 2 * 1024 ** 3 };
const d: Decoders = {
  ffmpeg: resolveBinary('ffmpeg', undefined, process.env.PATH),
  ffprobe: resolveBinary('ffprobe', undefined, process.env.PATH),
  prlimit: findOnPath('prlimit', process.env.PATH),
  probe: limits,
  decode: limits,
};

const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-master-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Original {
  file: string;
  shape: RenderShape;
}

/** A mix written as a stereo WAV. */
function original(name: string, samples: Float32Array, sampleRate: number, bits: 16 | 24): Original {
  const file = path.join(dir, `${name}.wav`);
  writeFileSync(file, wavFile(samples, sampleRate, 2, bits));
  const durationSeconds = samples.length / 2 / sampleRate;
  return { file, shape: { format: 'wav', sampleRate, channels: 2, bitDepth: bits, durationSeconds } };
}

let outputs = 0;
const outputFor = (o: Original) => path.join(dir, `master-${++outputs}.${o.shape.format}`);

/** Masters `o` and judges what was made; a refusal comes back as the error. */
async function attempt(o: Original, target: MasterRequest) {
  const output = outputFor(o);
  try {
    const result = await masterFile(d, o.file, output, o.shape, target);
    return { result, judged: await ebur128(output), output };
  } catch (err) {
    if (!(err instanceof MasterRefused)) throw err;
    return { refused: err, output };
  }
}

/** What a master measured, for failure messages. */
const what = (target: MasterRequest, j: { integratedLufs: number; truePeakDbtp: number }) =>
  `${target.targetLufs}/${target.truePeakDbtp}: ${j.integratedLufs.toFixed(2)} LUFS, ${j.truePeakDbtp.toFixed(2)} dBTP`;

function expectOnTarget(target: MasterRequest, judged: { integratedLufs: number; truePeakDbtp: number }) {
  expect(Math.abs(judged.integratedLufs - target.targetLufs), what(target, judged)).toBeLessThanOrEqual(
    MASTER_TOLERANCE_LU,
  );
  expect(judged.truePeakDbtp, what(target, judged)).toBeLessThanOrEqual(target.truePeakDbtp);
}

describe('masters judged by ffmpeg ebur128', () => {
  it('the streaming presets land on an ordinary dynamic mix that two passes missed or refused', async () => {
    // About −21.5 LUFS at 44.1 kHz, peaks at −1 dBFS. Two passes made −16/−1 at −16.20 LUFS and −14/−1 at
    // −14.45, both at −0.95 dBTP by ebur128 (over the ceiling after the final resampling), and refused
    // −14/−2 and −13/−1 at 0.6 LU short.
    const o = original('dynamic-45', MIXES.dynamic(45, 44_100), 44_100, 16);
    for (const target of [
      { targetLufs: -14, truePeakDbtp: -1 },
      { targetLufs: -16, truePeakDbtp: -1 },
      { targetLufs: -14, truePeakDbtp: -2 },
      { targetLufs: -13, truePeakDbtp: -1 },
    ]) {
      const made = await attempt(o, target);
      expect(made.refused?.message, JSON.stringify(target)).toBeUndefined();
      expectOnTarget(target, made.judged!);
    }
  });

  // Any target from −24 to −9 LUFS under any ceiling from −3 to −0.1 dBTP, on four kinds of mix.
  const GRID = {
    pumping: { make: MIXES.pumping, rate: 44_100, bits: 16 },
    dynamic: { make: MIXES.dynamic, rate: 48_000, bits: 24 },
    quiet: { make: MIXES.quiet, rate: 44_100, bits: 24 },
    dense: { make: MIXES.dense, rate: 48_000, bits: 16 },
  } as const;
  for (const [mix, { make, rate, bits }] of Object.entries(GRID))
    it(`on the ${mix} mix, every target lands or is refused before rendering`, {
      timeout: 120_000,
    }, async () => {
      const o = original(mix, make(30, rate), rate, bits);
      const outcomes = new Map<string, 'landed' | 'refused'>();
      for (const targetLufs of [-24, -16, -12, -9])
        for (const truePeakDbtp of [-3, -1, -0.1]) {
          const target = { targetLufs, truePeakDbtp };
          const name = `${mix} ${targetLufs}/${truePeakDbtp}`;
          const made = await attempt(o, target);
          if (made.refused) {
            // Said before anything was rendered, naming the target, with a target that would work.
            expect(made.refused.renders, name).toBe(0);
            expect(existsSync(made.output), name).toBe(false);
            expect(made.refused.message, name).toContain('is out of reach for this version');
            expect(made.refused.message, name).toMatch(
              /The loudest it goes cleanly under that ceiling is about/,
            );
          } else expectOnTarget(target, made.judged!);
          outcomes.set(`${targetLufs}/${truePeakDbtp}`, made.refused ? 'refused' : 'landed');
        }
      // The quietest target never needs the limiter to work hard: it lands under every ceiling.
      expect([-3, -1, -0.1].map((c) => outcomes.get(`-24/${c}`))).toEqual(['landed', 'landed', 'landed']);
      // −9 LUFS under −1 dBTP: the mix already made loud gets there; a dynamic one would be flattened.
      if (mix === 'dense') expect(outcomes.get('-9/-1')).toBe('landed');
      if (mix === 'dynamic' || mix === 'quiet') expect(outcomes.get('-9/-1')).toBe('refused');
    });

  it('a refusal is right: forced through, the target costs more loudness than allowed, and the target offered instead lands', async () => {
    const o = original('pumping-refused', MIXES.pumping(30, 44_100), 44_100, 16);
    const target = { targetLufs: -9, truePeakDbtp: -1 };
    const made = await attempt(o, target);
    const refusal = made.refused!;
    expect(refusal).toBeInstanceOf(MasterRefused);
    expect(refusal.renders).toBe(0);
    expect(refusal.message).toMatch(
      /^\u22129\.0 LUFS under \u22121\.0 dBTP is out of reach for this version \(\u2212\d+\.\d LUFS, peaks at \u2212?\d+\.\d dBTP, loudness range \d+\.\d LU\): the limiter would have to take about \d+\.\d dB of loudness off its loud passages, more than the 3\.0 dB a master takes without audible distortion\. The loudest it goes cleanly under that ceiling is about \u2212\d+\.\d LUFS: try that or a lower target\.$/,
    );
    // Render what the model says the target takes, and let ebur128 say what it cost.
    const plan = refusal.plan!;
    const forced = outputFor(o);
    await renderMaster(d, o.file, forced, o.shape, { gainDb: plan.gainDb, limitDb: plan.limitDb });
    const before = await ebur128(o.file);
    const after = await ebur128(forced);
    expect(Math.abs(after.integratedLufs - target.targetLufs)).toBeLessThanOrEqual(1);
    // Plain gain would have made it before.integrated + gain; the limiter took the rest.
    expect(before.integratedLufs + plan.gainDb - after.integratedLufs).toBeGreaterThan(MAX_LIMITING_LU);
    // The target it offers instead is one it makes.
    const offered = Number(
      /about (\u2212\d+\.\d) LUFS: try that/.exec(refusal.message)![1]!.replace('\u2212', '-'),
    );
    expect(offered).toBeLessThan(target.targetLufs);
    const instead = { targetLufs: offered, truePeakDbtp: -1 };
    const landed = await attempt(o, instead);
    expect(landed.refused?.message).toBeUndefined();
    expectOnTarget(instead, landed.judged!);
  });

  it('a lossy master is measured after encoding: AAC, whose encoder adds peaks, still lands under the ceiling', {
    timeout: 120_000,
  }, async () => {
    const wav = original('pumping-aac-source', MIXES.pumping(20, 44_100), 44_100, 16);
    const file = path.join(dir, 'pumping.m4a');
    await promisify(execFile)('ffmpeg', ['-v', 'error', '-i', wav.file, '-c:a', 'aac', '-b:a', '192k', file]);
    const o: Original = { file, shape: { ...wav.shape, format: 'm4a' as AudioFormat, bitDepth: null } };
    for (const target of [
      { targetLufs: -14, truePeakDbtp: -1 },
      { targetLufs: -13, truePeakDbtp: -1 },
    ]) {
      const made = await attempt(o, target);
      expect(made.refused?.message).toBeUndefined();
      expectOnTarget(target, made.judged!);
    }
  });

  it('plans plain gain from a stored analysis, and brings the limiter in when the render passes the ceiling', async () => {
    const o = original('pumping-stored', MIXES.pumping(20, 44_100), 44_100, 16);
    const target = { targetLufs: -16, truePeakDbtp: -1 };
    const judged = await ebur128(o.file);
    // An analysis that understates the peaks (as a shorter interpolator can): by it, plain gain fits.
    const stored = {
      integratedLufs: judged.integratedLufs,
      loudnessRange: judged.loudnessRange,
      truePeakDbtp: -8,
      samplePeakDbfs: -8,
      tempoBpm: null,
      tempoConfidence: null,
      shortTerm: [],
    };
    const output = outputFor(o);
    const result = await masterFile(d, o.file, output, o.shape, target, { stored });
    // The first render, plain gain, measured over the ceiling; the next went through the limiter and landed.
    expect(result.passes[0]!.limitDb).toBeNull();
    expect(result.passes[0]!.truePeakDbtp!).toBeGreaterThan(target.truePeakDbtp);
    expect(result.passes.at(-1)!.limitDb).not.toBeNull();
    expectOnTarget(target, await ebur128(output));
  });

  it('refuses silence before rendering', async () => {
    const o = original('silence', new Float32Array(44_100 * 2 * 5), 44_100, 16);
    const made = await attempt(o, { targetLufs: -14, truePeakDbtp: -1 });
    expect(made.refused?.message).toBe('The version is silent: there is nothing to master.');
    expect(made.refused?.renders).toBe(0);
    expect(existsSync(made.output)).toBe(false);
  });
});
