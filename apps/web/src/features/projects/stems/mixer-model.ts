// What the stems mixer lets through, as a DAW does it: "Mix" plays the version's mix alone; "Stems" plays the
// stems (their sum), where a muted stem is silent, and once any stem is soloed only the soloed ones sound (a
// stem both soloed and muted stays silent). Touching a stem's Solo or Mute switches to the stems, so it is
// heard at once; switching back to the mix compares against it. Silent sources keep playing at volume 0, so
// any change is heard without a gap.

/** At most this many stems play together (one audio element each, beside the mix). */
export const MIXER_MAX_STEMS = 16;

export type Listen = 'mix' | 'stems';

export interface MixerState {
  listen: Listen;
  solo: ReadonlySet<string>;
  mute: ReadonlySet<string>;
}

export const INITIAL_MIXER: MixerState = { listen: 'mix', solo: new Set(), mute: new Set() };

function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}

export const toggleSolo = (state: MixerState, id: string): MixerState => ({
  ...state,
  listen: 'stems',
  solo: toggled(state.solo, id),
});

export const toggleMute = (state: MixerState, id: string): MixerState => ({
  ...state,
  listen: 'stems',
  mute: toggled(state.mute, id),
});

/** Which sources sound: the mix, and each of `stemIds` (the stems in the player now). */
export function audible(
  state: MixerState,
  stemIds: readonly string[],
): { mix: boolean; stems: Record<string, boolean> } {
  const stems: Record<string, boolean> = {};
  const anySolo = stemIds.some((id) => state.solo.has(id));
  for (const id of stemIds)
    stems[id] = state.listen === 'stems' && !state.mute.has(id) && (!anySolo || state.solo.has(id));
  return { mix: state.listen === 'mix', stems };
}

/** Solo and mute of stems that are gone (deleted) are forgotten. */
export function keepKnown(state: MixerState, ids: readonly string[]): MixerState {
  const known = new Set(ids);
  const solo = [...state.solo].filter((id) => known.has(id));
  const mute = [...state.mute].filter((id) => known.has(id));
  if (solo.length === state.solo.size && mute.length === state.mute.size) return state;
  return { ...state, solo: new Set(solo), mute: new Set(mute) };
}

/** The groups of at most `size` stems the mixer plays, as 1-based ranges ("1–16", "17–32", …). */
export function mixerPages(count: number, size = MIXER_MAX_STEMS): Array<{ from: number; to: number }> {
  const pages: Array<{ from: number; to: number }> = [];
  for (let from = 1; from <= count; from += size) pages.push({ from, to: Math.min(count, from + size - 1) });
  return pages;
}
