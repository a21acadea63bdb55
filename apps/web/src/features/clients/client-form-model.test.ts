import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formFromClient, payloadOf, validateForm } from './client-form-model';
import { demoClients } from './demo-clients';

describe('the client form', () => {
  it('turns a stored client into form values and back without losing anything', () => {
    const client = demoClients()[0]!;
    const checked = validateForm(formFromClient(client), false);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.body).toMatchObject({
      name: client.name,
      email: client.email,
      genres: client.genres,
      budget: client.budget,
      totalRevenue: client.totalRevenue,
      timezone: client.timezone,
    });
  });

  it('splits genres on commas and previous work on lines', () => {
    const body = payloadOf({ ...EMPTY_FORM, genres: 'Pop, R&B,, ', previousWork: 'EP, 2023\nSingle\n' });
    expect(body.genres).toEqual(['Pop', 'R&B']);
    expect(body.previousWork).toEqual(['EP, 2023', 'Single']);
  });

  it('uses the contract rules: name and email required, budget in order, both ends or neither', () => {
    const blank = validateForm(EMPTY_FORM, true);
    expect(blank.ok).toBe(false);
    if (!blank.ok) expect(Object.keys(blank.errors)).toEqual(expect.arrayContaining(['name', 'email']));
    const base = { ...EMPTY_FORM, name: 'A', email: 'a@example.com' };
    const reversed = validateForm({ ...base, budgetMin: '10', budgetMax: '5' }, true);
    expect(reversed.ok ? null : reversed.errors.budget).toBe('Budget minimum must not exceed the maximum');
    const half = validateForm({ ...base, budgetMin: '10' }, true);
    expect(half.ok ? null : half.errors.budget).toBe(
      'Enter both a minimum and a maximum, or leave both empty',
    );
    expect(validateForm({ ...base, currency: 'EUR', budgetMin: '1', budgetMax: '2' }, true).ok).toBe(true);
  });
});
