// The track page's A/B compare state (compare-player.tsx): read from and written to the page's link
// (`?compare=A,B&t=&match=`, listening.ts), which side is heard, and the default pair to start from.
import type { TrackVersion } from '@mixdesk/contract/media';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type CompareState, compareParams, defaultPair, parseCompare } from './listening';

export function useCompare(versions: TrackVersion[] | undefined, playhead: () => number) {
  const [params, setParams] = useSearchParams();
  const list = versions ?? [];
  const parsed = versions
    ? parseCompare(
        params,
        list.map((v) => v._id),
      )
    : null;
  const state = parsed?.ok ? parsed.state : null;
  const [heard, setHeard] = useState<'a' | 'b'>('a');
  const pair = defaultPair(list);
  const write = (next: CompareState | null) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const key of ['compare', 't', 'match']) out.delete(key);
        if (next) for (const [key, value] of Object.entries(compareParams(next))) out.set(key, value);
        return out;
      },
      { replace: true },
    );
  return {
    state,
    /** Why the link's comparison cannot be (a version with itself, another track's); null when it can. */
    error: parsed && !parsed.ok ? parsed.error : null,
    canCompare: pair !== null,
    heardId: state ? (heard === 'a' ? state.a : state.b) : null,
    /** The current version against the one before it, from where the player is. */
    start: () => {
      if (!pair) return;
      setHeard('a');
      write({ a: pair[0], b: pair[1], t: playhead(), match: null });
    },
    change: (next: CompareState, side: 'a' | 'b') => {
      setHeard(side);
      write(next);
    },
    close: () => write(null),
  };
}
