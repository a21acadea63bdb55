// Shares as people type them (a percentage with up to two decimals) and as the server keeps them (integer
// basis points, 10,000 = 100 %). The form holds the typed text; Save is held back until the parties' shares
// total exactly 100 %.
import { SHARE_TOTAL } from '@mixdesk/contract/catalog';

/** Basis points as the text a share field shows: 3333 → "33.33", 5000 → "50". */
export function percentText(basisPoints: number): string {
  return (basisPoints / 100).toFixed(2).replace(/\.?0+$/, '');
}

/**
 * A typed percentage as basis points: "33.33" → 3333, "50" → 5000, "12,5" → 1250. Null when it is not a
 * number from 0 to 100 with at most two decimals (more precision than 0.01 % is not something we can store).
 */
export function basisPointsOf(typed: string): number | null {
  const text = typed.trim().replace(',', '.').replace(/\s*%$/, '');
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text) ?? /^\.(\d{1,2})$/.exec(text);
  if (!match) return null;
  const [whole, decimals] = match.length === 3 ? [match[1]!, match[2] ?? ''] : ['0', match[1]!];
  const basisPoints = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  return basisPoints <= SHARE_TOTAL ? basisPoints : null;
}

export interface SharesTotal {
  /** The total in basis points of the shares that read as numbers. */
  basisPoints: number;
  /** Whether every share reads as a number. */
  allValid: boolean;
  /** Whether the parties may be saved: nobody listed, or every share valid and the total exactly 100 %. */
  ok: boolean;
  /** What to tell the person when not ok. */
  note: string | null;
}

/** The running total of typed shares, and whether they can be saved. */
export function sharesTotal(typed: readonly string[]): SharesTotal {
  const values = typed.map(basisPointsOf);
  const basisPoints = values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
  const allValid = values.every((v) => v !== null);
  if (typed.length === 0) return { basisPoints, allValid, ok: true, note: null };
  if (!allValid)
    return {
      basisPoints,
      allValid,
      ok: false,
      note: 'Each share must be a percentage from 0 to 100 with at most two decimals.',
    };
  if (basisPoints !== SHARE_TOTAL)
    return {
      basisPoints,
      allValid,
      ok: false,
      note: `Shares must total exactly 100 %; they total ${percentText(basisPoints)} %.`,
    };
  return { basisPoints, allValid, ok: true, note: null };
}
