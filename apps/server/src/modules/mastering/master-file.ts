// A master, on files (issue #17; renders until on target, issue #32, decision 032). Plain gain is planned
// from the version's stored analysis when it leaves the peaks well under the ceiling; otherwise the original
// is measured once (loudness, a careful true peak, the limiter model's profile), and a target the model says
// needs more limiting than a master takes without audible distortion is refused there, before anything is
// rendered, naming the loudest target that would work. Each render is measured as it will be kept (after
// the final resampling and encoding): one over the ceiling is rendered again with the limiter brought in or
// lowered by what the peak passed, one off target with the gain the model gives for the target once
// corrected by what it missed by. It ends within AIM_LU (or with the best render within ACCEPT_LU after
// MAX_RENDERS), or fails saying what was measured. The job and bench:analysis both run this.
import { rename, rm } from 'node:fs/promises';
import type { LoudnessFigures, MasterRequest } from '@mixdesk/contract/analysis';
import type { Decoders } from '../media/public.ts';
import { loudestWithin, predictLoudness, reachTarget } from './limiter-model.ts';
import { type Measured, measureMaster, measureOriginal } from './measure.ts';
import { MAX_LIMITING_LU, notReached, outOfReach, silent } from './refusals.ts';
import { type RenderPlan, type RenderShape, renderMaster } from './render.ts';

/** The limiter's first ceiling under the asked one: the 4× run and the resampling back overshoot by this. */
const START_HEADROOM_DB = 0.75;
/**
 * A render's true peak must be this far under the ceiling: the 48-tap reading and ebur128's differed by
 * −0.06 to +0.08 dB on the test masters.
 */
export const PEAK_MARGIN_DB = 0.1;
/** Done when this near the target. */
export const AIM_LU = 0.15;
/** After MAX_RENDERS, the best render this near the target (and under the ceiling) is kept. */
export const ACCEPT_LU = 0.35;
export const MAX_RENDERS = 6;
/**
 * Plain gain is planned from the stored analysis only when it leaves this much room under the ceiling: the
 * analysis's 12-tap true peak can read up to 0.25 dB low. Closer than that, the original is measured.
 */
const STORED_PEAK_MARGIN_DB = 0.5;
/** A limiter lowered for a peak over the ceiling goes this much further, not to land on the line again. */
const RELIMIT_EXTRA_DB = 0.05;
/** A ceiling lowered further than this below the asked one means the limiter cannot hold it: given up. */
const MAX_CEILING_DROP_DB = 3;

export interface MasterPass {
  gainDb: number;
  limitDb: number | null;
  integratedLufs: number | null;
  truePeakDbtp: number | null;
}

export interface MasterResult {
  figures: LoudnessFigures;
  /** Every render, in order: what it was asked and what it measured. */
  passes: MasterPass[];
}

interface Options {
  /** The version's stored analysis, if any: enough to plan a master that needs no limiter. */
  stored?: LoudnessFigures | null;
  onProgress?: (f: number) => void;
  signal?: AbortSignal;
}

type Original = Awaited<ReturnType<typeof measureOriginal>> & { unity: number };

/**
 * The higher of the two true-peak readings: the careful one, and the analysis's (12 taps), which is what the
 * version's figures will show; a master is under its ceiling by both.
 */
function highestPeak(m: Measured): number {
  return Math.max(
    m.truePeakDbtp ?? Number.NEGATIVE_INFINITY,
    m.figures.truePeakDbtp ?? Number.NEGATIVE_INFINITY,
  );
}

/** Renders `input` mastered into `output`; resolves with the output's figures and the passes it took. */
export async function masterFile(
  d: Decoders,
  input: string,
  output: string,
  shape: RenderShape,
  target: MasterRequest,
  opts: Options = {},
): Promise<MasterResult> {
  const { targetLufs, truePeakDbtp: ceiling } = target;
  const passes: MasterPass[] = [];
  opts.onProgress?.(0);
  // The original measured, once, when a plan needs it: the limiter model's profile and the careful peak.
  let original: Original | null = null;
  const measured = async (): Promise<Original> => {
    if (original) return original;
    // Its progress is the first fifth, unless a render has already gone past it.
    const m = await measureOriginal(d, input, shape, {
      onProgress: passes.length === 0 ? (f) => opts.onProgress?.(0.2 * f) : undefined,
      signal: opts.signal,
    });
    const unity = predictLoudness(m.profile, 0, null);
    if (m.figures.integratedLufs === null || unity === null) throw silent(passes.length);
    original = { ...m, unity };
    return original;
  };
  /** Through the limiter: the model's gain for the target, unless that takes more than a master can. */
  const limited = async (): Promise<RenderPlan> => {
    const o = await measured();
    const limitDb = ceiling - START_HEADROOM_DB;
    const reach = reachTarget(o.profile, targetLufs, limitDb);
    if (reach === null) throw silent(passes.length);
    if (reach.limitingLu > MAX_LIMITING_LU) {
      const loudestLufs = loudestWithin(o.profile, limitDb, MAX_LIMITING_LU);
      throw outOfReach(target, o, { ...reach, limitDb, loudestLufs }, passes.length);
    }
    return { gainDb: reach.gainDb, limitDb };
  };

  // Plain gain when it keeps the peaks under the ceiling, by the stored analysis with room to spare (no need
  // to read the original again) or else by measuring it; otherwise through the limiter, if in reach.
  let plan: RenderPlan;
  const stored = opts.stored;
  if (
    stored?.integratedLufs != null &&
    stored.truePeakDbtp != null &&
    stored.truePeakDbtp + targetLufs - stored.integratedLufs <= ceiling - STORED_PEAK_MARGIN_DB
  )
    plan = { gainDb: targetLufs - stored.integratedLufs, limitDb: null };
  else {
    const o = await measured();
    const plainGain = targetLufs - o.unity;
    plan =
      highestPeak(o) + plainGain > ceiling - PEAK_MARGIN_DB
        ? await limited()
        : { gainDb: plainGain, limitDb: null };
  }

  let best: { file: string; figures: LoudnessFigures; missLu: number } | null = null;
  const files: string[] = [];
  try {
    for (let pass = 1; pass <= MAX_RENDERS; pass++) {
      // Progress: the original 0–20 %, the first render to 60 %, each later one half the way that is left.
      const from = 1 - 0.8 * 0.5 ** (pass - 1);
      const span = 0.8 * 0.5 ** pass;
      const file = `${output}.${pass}`;
      files.push(file);
      await renderMaster(
        d,
        input,
        file,
        shape,
        plan,
        (f) => opts.onProgress?.(from + span * 0.5 * f),
        opts.signal,
      );
      const made = await measureMaster(d, file, shape, {
        onProgress: (f) => opts.onProgress?.(from + span * (0.5 + 0.5 * f)),
        signal: opts.signal,
      });
      const loudness = made.figures.integratedLufs;
      const peak = highestPeak(made);
      passes.push({ ...plan, integratedLufs: loudness, truePeakDbtp: peak });
      if (loudness === null) throw silent(passes.length);
      const missLu = targetLufs - loudness;
      const overDb = peak - (ceiling - PEAK_MARGIN_DB);
      if (overDb <= 0 && Math.abs(missLu) <= ACCEPT_LU && (!best || Math.abs(missLu) < Math.abs(best.missLu)))
        best = { file, figures: made.figures, missLu };
      if (overDb <= 0 && Math.abs(missLu) <= AIM_LU) break;
      plan = await nextPlan(plan, loudness, overDb);
      if (plan.limitDb !== null && plan.limitDb < ceiling - MAX_CEILING_DROP_DB) break;
    }
    if (!best) {
      const last = passes[passes.length - 1]!;
      throw notReached(target, passes.length, last.integratedLufs, last.truePeakDbtp);
    }
    await rename(best.file, output);
    return { figures: best.figures, passes };
  } finally {
    await Promise.all(files.map((f) => rm(f, { force: true })));
  }

  /**
   * After a render that missed: a peak over the ceiling brings the limiter in, or lowers it by what the peak
   * passed (a little more, so it does not land on the line); the gain is the one the model gives for the
   * target once corrected by what it missed by on this render (plain gain: exactly what was missed).
   */
  async function nextPlan(last: RenderPlan, loudness: number, overDb: number): Promise<RenderPlan> {
    if (last.limitDb === null)
      return overDb > 0 ? limited() : { gainDb: last.gainDb + targetLufs - loudness, limitDb: null };
    const limitDb = overDb > 0 ? last.limitDb - overDb - RELIMIT_EXTRA_DB : last.limitDb;
    const { profile } = await measured();
    const predicted = predictLoudness(profile, last.gainDb, last.limitDb);
    if (predicted === null) throw silent(passes.length);
    const reach = reachTarget(profile, targetLufs - (loudness - predicted), limitDb);
    return { gainDb: reach?.gainDb ?? last.gainDb + targetLufs - loudness, limitDb };
  }
}
