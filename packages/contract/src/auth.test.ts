import { describe, expect, it } from 'vitest';
import { passwordStrength, RegisterSchema } from './auth.ts';

describe('passwordStrength', () => {
  it.each([
    ['', 'Very Weak', 0],
    ['abc', 'Very Weak', 1],
    ['abcdefgh', 'Weak', 2],
    ['abcdefgH', 'Fair', 3],
    ['abcdefH1', 'Good', 4],
    ['abcdeH1!', 'Strong', 5],
  ])('%j is %s (%i criteria)', (password, label, score) => {
    const s = passwordStrength(password);
    expect(s.label).toBe(label);
    expect(s.score).toBe(score);
  });
});

describe('RegisterSchema', () => {
  it('normalises the email and defaults the role to artist', () => {
    const parsed = RegisterSchema.parse({ name: ' Ann ', email: ' Ann@Example.COM ', password: 'abcdefgh' });
    expect(parsed).toEqual({ name: 'Ann', email: 'ann@example.com', password: 'abcdefgh', role: 'artist' });
  });
});
