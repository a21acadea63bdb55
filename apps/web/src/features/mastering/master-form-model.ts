// The mastering form's values: typed text in, a request the server accepts out, or a message per field. The
// limits and their wording are the contract's (MasterRequestSchema), shown with a true minus sign.
import {
  MASTER_TARGET_LUFS,
  MASTER_TRUE_PEAK,
  type MasterRequest,
  MasterRequestSchema,
} from '@mixdesk/contract/analysis';

export interface MasterFormValues {
  targetLufs: string;
  truePeakDbtp: string;
}
export type MasterFormErrors = Partial<Record<keyof MasterFormValues, string>>;

export const DEFAULT_MASTER_FORM: MasterFormValues = {
  targetLufs: String(MASTER_TARGET_LUFS.default),
  truePeakDbtp: String(MASTER_TRUE_PEAK.default),
};

/** One-press targets: what the services normalise to. */
export const MASTER_PRESETS = [
  { label: 'Spotify · YouTube · Tidal', lufs: -14 },
  { label: 'Apple Music', lufs: -16 },
] as const;

/** The input step for both levels. */
export const MASTER_STEP = 0.5;

const MINUS = '\u2212';
/** "-24" → "−24" wherever a number is negative in a message. */
export const withMinus = (text: string) => text.replace(/-(?=\d)/g, MINUS);

/** A typed number ("-14", "−14", "-14,5"); null when it is not one. */
function readNumber(text: string): number | null {
  const cleaned = text.trim().replace(MINUS, '-').replace(',', '.');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

const FIELDS: { key: keyof MasterFormValues; missing: string }[] = [
  { key: 'targetLufs', missing: 'Enter a target loudness in LUFS' },
  { key: 'truePeakDbtp', missing: 'Enter a true-peak ceiling in dBTP' },
];

export function parseMasterForm(
  values: MasterFormValues,
): { ok: true; value: MasterRequest } | { ok: false; errors: MasterFormErrors } {
  const errors: MasterFormErrors = {};
  const numbers: Partial<Record<keyof MasterFormValues, number>> = {};
  for (const { key, missing } of FIELDS) {
    const value = readNumber(values[key]);
    if (value === null) errors[key] = missing;
    else numbers[key] = value;
  }
  const parsed = MasterRequestSchema.safeParse(numbers);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof MasterFormValues;
      errors[key] ??= withMinus(issue.message);
    }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}
