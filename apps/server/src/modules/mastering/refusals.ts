// Why a master was not made, in words a person can act on (issue #32). The job fails with the message; the
// mastering dialog shows it with Try again and Change settings.
import type { MasterRequest } from '@mixdesk/contract/analysis';
import type { Measured } from './measure.ts';

/**
 * Most loudness a master may lose to the limiter, LU: past it the limiter is no longer catching peaks but
 * flattening the music itself (sustained gain reduction a listener hears as pumping and distortion).
 */
export const MAX_LIMITING_LU = 3;

/** What the model worked out for a target it refused: the gain and limiter it would take, and the cost. */
export interface RefusedPlan {
  gainDb: number;
  limitDb: number;
  limitingLu: number;
  /** The loudest target within MAX_LIMITING_LU, LUFS. */
  loudestLufs: number | null;
}

/** A refusal of the master asked for (the message is for the person who asked). */
export class MasterRefused extends Error {
  override readonly name = 'MasterRefused';
  constructor(
    message: string,
    /** Renders made before the refusal: 0 when it was decided from the measurements alone. */
    readonly renders: number,
    readonly plan: RefusedPlan | null = null,
  ) {
    super(message);
  }
}

/** One decimal with a true minus sign, as the app prints levels. */
export function level(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  const text = Math.abs(rounded).toFixed(1);
  return rounded < 0 ? `\u2212${text}` : text;
}

export const silent = (renders: number) =>
  new MasterRefused('The version is silent: there is nothing to master.', renders);

/** The target needs more limiting than MAX_LIMITING_LU: said before anything is rendered. */
export function outOfReach(
  target: MasterRequest,
  original: Measured,
  plan: RefusedPlan,
  renders: number,
): MasterRefused {
  const { limitingLu, loudestLufs } = plan;
  // As the version's analysis shows them.
  const { integratedLufs, loudnessRange, truePeakDbtp } = original.figures;
  const measured = `${level(integratedLufs ?? 0)} LUFS, peaks at ${level(truePeakDbtp ?? 0)} dBTP${
    loudnessRange === null ? '' : `, loudness range ${level(loudnessRange)} LU`
  }`;
  const amount = Number.isFinite(limitingLu) ? `about ${level(Math.ceil(limitingLu * 10) / 10)} dB` : 'more';
  const instead =
    loudestLufs === null
      ? 'Try a lower target or a higher ceiling.'
      : `The loudest it goes cleanly under that ceiling is about ${level(Math.floor(loudestLufs * 2) / 2)} LUFS: try that or a lower target.`;
  return new MasterRefused(
    `${level(target.targetLufs)} LUFS under ${level(target.truePeakDbtp)} dBTP is out of reach for this version (${measured}): the limiter would have to take ${amount} of loudness off its loud passages, more than the ${level(MAX_LIMITING_LU)} dB a master takes without audible distortion. ${instead}`,
    renders,
    plan,
  );
}

/** Every render missed: said with what the last one measured. */
export function notReached(
  target: MasterRequest,
  renders: number,
  integratedLufs: number | null,
  truePeakDbtp: number | null,
): MasterRefused {
  return new MasterRefused(
    `After ${renders} renders the master measured ${level(integratedLufs ?? 0)} LUFS with peaks at ${level(truePeakDbtp ?? 0)} dBTP, not ${level(target.targetLufs)} LUFS under ${level(target.truePeakDbtp)} dBTP: the limiter could not hold the ceiling at that loudness. Try a lower target or a higher ceiling.`,
    renders,
  );
}
