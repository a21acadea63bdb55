import { describe, expect, it } from 'vitest';
import { DEFAULT_MASTER_FORM, parseMasterForm, withMinus } from './master-form-model';

describe('the mastering form', () => {
  it('starts at −14 LUFS under a −1 dBTP ceiling', () => {
    expect(parseMasterForm(DEFAULT_MASTER_FORM)).toEqual({
      ok: true,
      value: { targetLufs: -14, truePeakDbtp: -1 },
    });
  });

  it('reads a typographic minus and a decimal comma', () => {
    expect(parseMasterForm({ targetLufs: '\u221216,5', truePeakDbtp: '-0.5' })).toEqual({
      ok: true,
      value: { targetLufs: -16.5, truePeakDbtp: -0.5 },
    });
  });

  it('refuses a target outside −24 … −6 LUFS with the contract’s message', () => {
    const result = parseMasterForm({ targetLufs: '-30', truePeakDbtp: '-1' });
    expect(result).toEqual({
      ok: false,
      errors: { targetLufs: 'Target loudness must be between \u221224 and \u22126 LUFS' },
    });
  });

  it('refuses a ceiling above 0 dBTP and empty fields', () => {
    const result = parseMasterForm({ targetLufs: '', truePeakDbtp: '1' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.targetLufs).toBe('Enter a target loudness in LUFS');
    expect(result.errors.truePeakDbtp).toBe('True-peak ceiling must be between \u22123 and 0 dBTP');
  });

  it('writes negative numbers with a true minus', () => {
    expect(withMinus('between -24 and -6, 0 and -1.5')).toBe('between \u221224 and \u22126, 0 and \u22121.5');
  });
});
