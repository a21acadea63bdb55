// Loudness analysis of a version (issue #17): ITU-R BS.1770-4 / EBU R128 loudness, true peak, the short-term
// curve and the tempo, checked against the streaming services' targets.
import { z } from 'zod';
import { TimestampSchema } from './envelope.ts';

export const ANALYSIS_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const AnalysisStatusSchema = z.enum(ANALYSIS_STATUSES);
export type AnalysisStatus = z.infer<typeof AnalysisStatusSchema>;

/** Short-term loudness: 3 s windows, one value every second. */
export const SHORT_TERM_WINDOW_SECONDS = 3;
export const SHORT_TERM_STEP_SECONDS = 1;

/** What each service normalises to (integrated LUFS) and the true-peak ceiling it asks for (dBTP). */
export const STREAMING_TARGETS = [
  { platform: 'Spotify', lufs: -14, truePeak: -1 },
  { platform: 'Apple Music', lufs: -16, truePeak: -1 },
  { platform: 'YouTube', lufs: -14, truePeak: -1 },
  { platform: 'Tidal', lufs: -14, truePeak: -1 },
  { platform: 'Amazon Music', lufs: -14, truePeak: -2 },
] as const;

/** Within this many LU of a target counts as on target. */
export const TARGET_TOLERANCE_LU = 1;

export const TARGET_VERDICTS = ['pass', 'too_loud', 'too_quiet'] as const;
export const TargetVerdictSchema = z.enum(TARGET_VERDICTS);
export type TargetVerdict = z.infer<typeof TargetVerdictSchema>;

export const TargetCheckSchema = z.object({
  platform: z.string(),
  lufs: z.number(),
  truePeak: z.number(),
  verdict: TargetVerdictSchema,
  /** What the service will do to it: negative turns it down (too loud), positive up (too quiet). */
  gainChangeDb: z.number(),
  /** The true peak is at or under the service's ceiling. */
  truePeakOk: z.boolean(),
});
export type TargetCheck = z.infer<typeof TargetCheckSchema>;

export const LoudnessFiguresSchema = z.object({
  /** Integrated loudness, LUFS (gated, BS.1770-4); null for silence. */
  integratedLufs: z.number().nullable(),
  /** Loudness range, LU (EBU Tech 3342). */
  loudnessRange: z.number().nullable(),
  /** True peak, dBTP (4× oversampled). */
  truePeakDbtp: z.number().nullable(),
  /** Sample peak, dBFS. */
  samplePeakDbfs: z.number().nullable(),
  tempoBpm: z.number().nullable(),
  /** 0–1: how clearly one beat period stands out. */
  tempoConfidence: z.number().nullable(),
  /** Short-term loudness (LUFS) every second; null where the window is silent. */
  shortTerm: z.array(z.number().nullable()),
});
export type LoudnessFigures = z.infer<typeof LoudnessFiguresSchema>;

export const AnalysisSchema = LoudnessFiguresSchema.extend({
  status: AnalysisStatusSchema,
  /** 0–1 while running. */
  progress: z.number().nullable(),
  /** Why it failed, for a person. */
  error: z.string().nullable(),
  targets: z.array(TargetCheckSchema),
  analysedAt: TimestampSchema.nullable(),
});
export type Analysis = z.infer<typeof AnalysisSchema>;

/** Each service's verdict on an integrated loudness and true peak. */
export function checkTargets(integratedLufs: number | null, truePeakDbtp: number | null): TargetCheck[] {
  if (integratedLufs === null) return [];
  return STREAMING_TARGETS.map((t) => {
    const gain = Math.round((t.lufs - integratedLufs) * 10) / 10;
    const verdict: TargetVerdict =
      gain < -TARGET_TOLERANCE_LU ? 'too_loud' : gain > TARGET_TOLERANCE_LU ? 'too_quiet' : 'pass';
    return {
      platform: t.platform,
      lufs: t.lufs,
      truePeak: t.truePeak,
      verdict,
      gainChangeDb: gain,
      truePeakOk: truePeakDbtp === null || truePeakDbtp <= t.truePeak,
    };
  });
}

/**
 * Loudness mastering (AI Mastering's quick action): a master measured on target under a ceiling, or refused
 * before rendering with the reason (decision 032).
 */
export const MASTER_TARGET_LUFS = { min: -24, max: -6, default: -14 } as const;
export const MASTER_TRUE_PEAK = { min: -3, max: 0, default: -1 } as const;
/** A master lands within this many LU of its target (checked by measuring what was made). */
export const MASTER_TOLERANCE_LU = 0.5;

const level = (label: string, range: { min: number; max: number; default: number }, unit: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(range.min, `${label} must be between ${range.min} and ${range.max} ${unit}`)
    .max(range.max, `${label} must be between ${range.min} and ${range.max} ${unit}`)
    .default(range.default);

export const MasterRequestSchema = z
  .strictObject({
    targetLufs: level('Target loudness', MASTER_TARGET_LUFS, 'LUFS'),
    truePeakDbtp: level('True-peak ceiling', MASTER_TRUE_PEAK, 'dBTP'),
  })
  .default({ targetLufs: MASTER_TARGET_LUFS.default, truePeakDbtp: MASTER_TRUE_PEAK.default });
export type MasterRequest = z.output<typeof MasterRequestSchema>;

/** The new version's label: 'Mastered −14 LUFS' (a true minus sign, as printed). */
export function masteredLabel(targetLufs: number): string {
  const value = Number.isInteger(targetLufs) ? String(Math.abs(targetLufs)) : Math.abs(targetLufs).toFixed(1);
  return `Mastered ${targetLufs < 0 ? '\u2212' : ''}${value} LUFS`;
}
