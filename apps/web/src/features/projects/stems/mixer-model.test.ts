import { describe, expect, it } from 'vitest';
import {
  audible,
  INITIAL_MIXER,
  keepKnown,
  MIXER_MAX_STEMS,
  type MixerState,
  mixerPages,
  toggleMute,
  toggleSolo,
} from './mixer-model';

const ids = ['drums', 'bass', 'vox', 'keys'];
const heardStems = (state: MixerState) =>
  Object.entries(audible(state, ids).stems)
    .filter(([, on]) => on)
    .map(([id]) => id);

describe('the stems mixer, as a DAW', () => {
  it('plays the mix alone at first', () => {
    expect(audible(INITIAL_MIXER, ids)).toEqual({
      mix: true,
      stems: { drums: false, bass: false, vox: false, keys: false },
    });
  });

  it('plays every stem and not the mix when the stems are heard', () => {
    const stems = { ...INITIAL_MIXER, listen: 'stems' as const };
    expect(audible(stems, ids).mix).toBe(false);
    expect(heardStems(stems)).toEqual(ids);
  });

  it('silences a muted stem, and switches to the stems so the mute is heard', () => {
    const muted = toggleMute(INITIAL_MIXER, 'vox');
    expect(muted.listen).toBe('stems');
    expect(heardStems(muted)).toEqual(['drums', 'bass', 'keys']);
    expect(heardStems(toggleMute(muted, 'vox'))).toEqual(ids);
  });

  it('plays only the soloed stems once any is soloed', () => {
    const one = toggleSolo(INITIAL_MIXER, 'bass');
    expect(one.listen).toBe('stems');
    expect(heardStems(one)).toEqual(['bass']);
    expect(heardStems(toggleSolo(one, 'drums'))).toEqual(['drums', 'bass']);
    // Un-soloing the last one brings every stem back.
    expect(heardStems(toggleSolo(one, 'bass'))).toEqual(ids);
  });

  it('keeps a stem both soloed and muted silent', () => {
    const state = toggleMute(toggleSolo(toggleSolo(INITIAL_MIXER, 'bass'), 'vox'), 'vox');
    expect(heardStems(state)).toEqual(['bass']);
  });

  it('plays the mix alone again when switched back, solo and mute kept for later', () => {
    const state = { ...toggleMute(toggleSolo(INITIAL_MIXER, 'bass'), 'drums'), listen: 'mix' as const };
    expect(audible(state, ids)).toEqual({
      mix: true,
      stems: { drums: false, bass: false, vox: false, keys: false },
    });
    expect(heardStems({ ...state, listen: 'stems' })).toEqual(['bass']);
  });

  it('counts only the solos of stems in the player', () => {
    // "pad" is soloed but not among the stems playing: the others are not silenced by it.
    const state = toggleSolo(INITIAL_MIXER, 'pad');
    expect(heardStems(state)).toEqual(ids);
  });

  it('forgets the solo and mute of a deleted stem', () => {
    const state = toggleMute(toggleSolo(INITIAL_MIXER, 'bass'), 'drums');
    const kept = keepKnown(state, ['drums', 'vox']);
    expect([...kept.solo]).toEqual([]);
    expect([...kept.mute]).toEqual(['drums']);
    expect(keepKnown(kept, ['drums', 'vox'])).toBe(kept);
  });
});

describe('the groups of stems the mixer plays', () => {
  it('is one group up to the limit, and a second from one over it', () => {
    expect(mixerPages(0)).toEqual([]);
    expect(mixerPages(MIXER_MAX_STEMS)).toEqual([{ from: 1, to: 16 }]);
    expect(mixerPages(MIXER_MAX_STEMS + 1)).toEqual([
      { from: 1, to: 16 },
      { from: 17, to: 17 },
    ]);
    expect(mixerPages(40).map((p) => `${p.from}–${p.to}`)).toEqual(['1–16', '17–32', '33–40']);
  });
});
