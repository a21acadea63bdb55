import { describe, expect, it } from 'vitest';
import { roleChoice, stemChange, TYPED } from './stem-edit';
import { roleLabel } from './stem-labels';

describe('editing a stem', () => {
  it("starts from the stem's role: one of the list, typed by hand, or none", () => {
    expect(roleChoice('drums')).toEqual({ choice: 'drums', typed: '' });
    expect(roleChoice('Strings')).toEqual({ choice: TYPED, typed: 'Strings' });
    expect(roleChoice(null)).toEqual({ choice: '', typed: '' });
  });

  it('sends only what changed, an emptied role as none', () => {
    const stem = { name: 'Kick In', role: 'drums' };
    expect(stemChange(stem, 'Kick In', 'drums')).toBeNull();
    expect(stemChange(stem, '  Kick In ', ' drums')).toBeNull();
    expect(stemChange(stem, 'Kick Out', 'drums')).toEqual({ name: 'Kick Out' });
    expect(stemChange(stem, 'Kick In', '')).toEqual({ role: null });
    expect(stemChange({ name: 'Pad', role: null }, 'Pad', 'Choir ')).toEqual({ role: 'Choir' });
  });

  it("reads a role in the contract's labels, a typed one as typed", () => {
    expect(roleLabel('fx')).toBe('FX');
    expect(roleLabel('Room mics')).toBe('Room mics');
    expect(roleLabel(null)).toBeNull();
  });
});
