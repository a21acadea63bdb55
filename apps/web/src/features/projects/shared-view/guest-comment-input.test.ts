import { describe, expect, it } from 'vitest';
import {
  GUEST_NAME_KEY,
  rememberedGuestName,
  rememberGuestName,
  toGuestComment,
} from './guest-comment-input';

describe("a guest's comment form", () => {
  it('sends the trimmed name and text at the typed time', () => {
    expect(toGuestComment({ name: '  Gina  ', body: ' Love the bridge ', at: '1:12' }, 30, 200)).toEqual({
      input: { name: 'Gina', body: 'Love the bridge', at: 72 },
    });
  });

  it('takes the playhead when no time was typed', () => {
    expect(toGuestComment({ name: 'Gina', body: 'Snare too loud', at: '' }, 12.7, 200)).toEqual({
      input: { name: 'Gina', body: 'Snare too loud', at: 12 },
    });
  });

  it("says what is missing or wrong, field by field, in the contract's words", () => {
    expect(toGuestComment({ name: ' ', body: '', at: 'soon' }, 0, 200)).toEqual({
      errors: { name: 'Name is required', body: 'Comment cannot be empty', at: 'Time must look like 1:12' },
    });
  });

  it('refuses a time past the end of the track', () => {
    expect(toGuestComment({ name: 'Gina', body: 'Outro', at: '3:30' }, 0, 200)).toEqual({
      errors: { at: 'Time must be within the track (3:20)' },
    });
  });

  it('refuses a name longer than the contract allows', () => {
    const result = toGuestComment({ name: 'x'.repeat(61), body: 'Hi', at: '0:01' }, 0, 200);
    expect(result).toEqual({ errors: { name: 'Name must be at most 60 characters' } });
  });
});

describe('the remembered guest name', () => {
  it('is stored trimmed and read back', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(rememberedGuestName(storage)).toBe('');
    rememberGuestName('  Gina Guest ', storage);
    expect(store.get(GUEST_NAME_KEY)).toBe('Gina Guest');
    expect(rememberedGuestName(storage)).toBe('Gina Guest');
  });

  it('reads as empty when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(rememberedGuestName(blocked)).toBe('');
  });
});
