// Which of a version's files the player streams (issue #35): the original when this browser plays it, else the
// lossless copy (FLAC: AIFF and some WAVs do not play in every browser), and the compact copy (AAC) when the
// listener asked to save data. A copy still being made, or that failed, leaves the original, said plainly.
// Also the A/B compare's pure parts: the link's state (`?compare=A,B&t=63.2&match=1`) and the loudness match.
import type { CopyKind, TrackVersion } from '@mixdesk/contract/media';

export type ListenableVersion = Pick<TrackVersion, 'audioUrl'> &
  Partial<Pick<TrackVersion, 'mime' | 'copies'>>;

export interface ListeningSource {
  url: string;
  copy: CopyKind;
  /** What the listener should know about the choice (a copy not ready, or failed); null when nothing. */
  note: string | null;
}

const withCopy = (url: string, copy: CopyKind) => (copy === 'original' ? url : `${url}?copy=${copy}`);

/** The source to stream: `canPlay` says whether this browser plays a MIME type (audio.canPlayType). */
export function pickSource(
  v: ListenableVersion,
  opts: { dataSaver: boolean; canPlay: (mime: string) => boolean },
): ListeningSource {
  const original: ListeningSource = { url: v.audioUrl, copy: 'original', note: null };
  const copies = v.copies;
  if (!copies) return original;
  if (opts.dataSaver) {
    if (copies.compact.status === 'done')
      return { url: withCopy(v.audioUrl, 'compact'), copy: 'compact', note: null };
    return {
      ...original,
      note:
        copies.compact.status === 'failed'
          ? 'The data-saving copy could not be made: playing the original.'
          : 'The data-saving copy is still being made: playing the original for now.',
    };
  }
  if (!v.mime || opts.canPlay(v.mime)) return original;
  const lossless = copies.lossless;
  if (lossless?.status === 'done')
    return { url: withCopy(v.audioUrl, 'lossless'), copy: 'lossless', note: null };
  if (copies.compact.status === 'done')
    return {
      url: withCopy(v.audioUrl, 'compact'),
      copy: 'compact',
      note: lossless ? 'The lossless copy is not ready: playing the compact copy.' : null,
    };
  const failed = (lossless === null || lossless.status === 'failed') && copies.compact.status === 'failed';
  return {
    ...original,
    note: failed
      ? 'This browser may not play the original, and its playable copies could not be made.'
      : 'A copy this browser plays is being made; the original may not play until then.',
  };
}

/** Whether this browser plays `mime` (an empty answer from canPlayType is a no). */
export function browserPlays(mime: string): boolean {
  if (typeof document === 'undefined') return true;
  return document.createElement('audio').canPlayType(mime) !== '';
}

export const DATA_SAVER_KEY = 'mixdesk:data-saver';

export function readDataSaver(): boolean {
  try {
    return globalThis.localStorage?.getItem(DATA_SAVER_KEY) === 'on';
  } catch {
    return false;
  }
}

export function writeDataSaver(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(DATA_SAVER_KEY, on ? 'on' : 'off');
  } catch {
    // A browser that keeps nothing (private mode): the choice lasts for the page.
  }
}

export interface CompareState {
  a: string;
  b: string;
  /** Seconds, clamped to the shorter of what is known (0 when none given). */
  t: number;
  /** null: not said (on when both versions have an analysis). */
  match: boolean | null;
}

export type CompareParse = { ok: true; state: CompareState } | { ok: false; error: string } | null;

/** Reads `?compare=A,B&t=&match=` against the track's versions; null when no compare was asked for. */
export function parseCompare(params: URLSearchParams, versionIds: readonly string[]): CompareParse {
  const raw = params.get('compare');
  if (raw === null) return null;
  const [a = '', b = '', ...rest] = raw.split(',');
  if (!a || !b || rest.length > 0) return { ok: false, error: 'A comparison needs two versions.' };
  if (a === b) return { ok: false, error: 'Pick two different versions to compare.' };
  if (!versionIds.includes(a) || !versionIds.includes(b))
    return { ok: false, error: 'Only versions of this track can be compared.' };
  const t = Number(params.get('t') ?? 0);
  const match = params.get('match');
  return {
    ok: true,
    state: {
      a,
      b,
      t: Number.isFinite(t) ? Math.max(0, t) : 0,
      match: match === '1' ? true : match === '0' ? false : null,
    },
  };
}

/** The link's parameters for a compare state (t to a tenth of a second). */
export function compareParams(state: CompareState): Record<string, string> {
  const out: Record<string, string> = {
    compare: `${state.a},${state.b}`,
    t: (Math.round(state.t * 10) / 10).toString(),
  };
  if (state.match !== null) out.match = state.match ? '1' : '0';
  return out;
}

/** The default pair: the current version and the one uploaded before it (versions newest first). */
export function defaultPair(
  versions: readonly { _id: string; isCurrent: boolean }[],
): [string, string] | null {
  if (versions.length < 2) return null;
  const current = versions.findIndex((v) => v.isCurrent);
  const at = current === -1 ? 0 : current;
  const before = versions[at + 1] ?? versions[at - 1]!;
  return [versions[at]!._id, before._id];
}

/**
 * The gain (dB, ≤ 0) each side plays at so both sound equally loud: the louder turned down by the difference
 * of their integrated loudness; 0 and 0 when either is not measured.
 */
export function matchGains(aLufs: number | null, bLufs: number | null): { a: number; b: number } {
  if (aLufs === null || bLufs === null) return { a: 0, b: 0 };
  const diff = Math.round((aLufs - bLufs) * 10) / 10;
  if (diff === 0) return { a: 0, b: 0 };
  return diff > 0 ? { a: -diff, b: 0 } : { a: 0, b: diff };
}

/** An element's volume (0–1) for a gain in dB (never above 1: matching only turns down). */
export const volumeOf = (db: number) => Math.min(1, 10 ** (db / 20));
