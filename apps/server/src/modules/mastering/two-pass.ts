// The two passes of a master, on files: measure (or take the stored figures), render with the gain that reaches
// the target (through the limiter only where the gain would pass the ceiling), measure what was made, and
// render once more with the gain corrected by what it missed when it landed outside the margin. The job and
// bench:analysis both run this.
import { type LoudnessFigures, MASTER_TOLERANCE_LU, type MasterRequest } from '@mixdesk/contract/analysis';
import { analyseFile } from '../analysis/analyse.ts';
import type { Decoders } from '../media/decoder.ts';
import { type RenderShape, renderMaster } from './render.ts';

/** Below the ceiling by this much: the limiter runs at 4× the rate, close to but not exactly true peak. */
const LIMIT_MARGIN_DB = 0.3;

/** Renders `input` mastered into `output`; resolves with the output's figures (within the tolerance). */
export async function masterFile(
  d: Decoders,
  input: string,
  output: string,
  shape: RenderShape,
  target: MasterRequest,
  opts: { measured?: LoudnessFigures | null; onProgress?: (f: number) => void; signal?: AbortSignal } = {},
): Promise<LoudnessFigures> {
  const progress = (from: number, span: number) => (f: number) => opts.onProgress?.(from + span * f);
  // Pass one: the loudness and true peak the gain is worked out from.
  const before = opts.measured ?? (await analyseFile(d, input, shape, progress(0, 0.25), opts.signal));
  if (before.integratedLufs === null || before.truePeakDbtp === null)
    throw new Error('The version is silent: there is nothing to master.');
  let gainDb = target.targetLufs - before.integratedLufs;
  let limitDb: number | null =
    before.truePeakDbtp + gainDb > target.truePeakDbtp ? target.truePeakDbtp - LIMIT_MARGIN_DB : null;
  for (let pass = 1; ; pass++) {
    await renderMaster(d, input, output, shape, { gainDb, limitDb }, progress(0.25, 0.35), opts.signal);
    const after = await analyseFile(d, output, shape, progress(0.6, 0.35), opts.signal);
    const missedLu = target.targetLufs - (after.integratedLufs ?? Number.NEGATIVE_INFINITY);
    const overDb = (after.truePeakDbtp ?? Number.NEGATIVE_INFINITY) - target.truePeakDbtp;
    const within = Math.abs(missedLu) <= MASTER_TOLERANCE_LU && overDb <= 0;
    // First pass: near enough (half the tolerance) is done; else one more pass corrects by what it missed.
    if (within && (pass === 2 || Math.abs(missedLu) <= MASTER_TOLERANCE_LU / 2)) return after;
    if (pass === 2)
      throw new Error(
        `The master measured ${after.integratedLufs} LUFS at ${after.truePeakDbtp} dBTP: ${target.targetLufs} LUFS under ${target.truePeakDbtp} dBTP is out of its reach without distortion. Try a lower target.`,
      );
    gainDb += missedLu;
    if (overDb > 0 || limitDb !== null)
      limitDb = (limitDb ?? target.truePeakDbtp - LIMIT_MARGIN_DB) - Math.max(0, overDb);
  }
}
