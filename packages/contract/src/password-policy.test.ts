import { describe, expect, it } from 'vitest';
import {
  GUESSABLE_PASSWORD,
  judgePassword,
  NewPasswordSchema,
  RegisterBodySchema,
} from './password-policy.ts';

describe('judgePassword: the meter and the server agree', () => {
  it.each([
    ['all one character', 'aaaaaaaa'],
    ['only spaces', '          '],
    ['a common password', 'password'],
    ['a common password with digits', 'password123'],
    ['only digits in a row', '12345678'],
    ['a keyboard walk', 'qwertyuiop'],
    ['a sequence', 'abcdefgh'],
  ])('%s is Very Weak, whatever its criteria', (_label, password) => {
    const verdict = judgePassword(password);
    expect(verdict).toMatchObject({ label: 'Very Weak', guessable: true });
    expect(verdict.score).toBeLessThanOrEqual(1);
    expect(NewPasswordSchema.safeParse(password).error?.issues[0]?.message).toBe(GUESSABLE_PASSWORD);
  });

  it.each([
    ['qzmrtkwp', 'Weak'],
    ['qzmrtkwP', 'Fair'],
    ['qzmrtkP4', 'Good'],
    ['qzmrtP4!', 'Strong'],
  ])('%s, hard to guess, keeps its criteria label (%s)', (password, label) => {
    expect(judgePassword(password)).toMatchObject({ label, guessable: false });
    expect(NewPasswordSchema.safeParse(password).success).toBe(true);
  });

  it('the passwords the demo, the tests and the benchmarks use are accepted', () => {
    for (const password of [
      'Sound-Check-42',
      'Demo-Session-2026',
      'Bench-Password-1',
      'Very-Secret-Passw0rd!',
    ])
      expect(NewPasswordSchema.safeParse(password).success, password).toBe(true);
  });

  it('registration refuses a Very Weak password with the message, and too short ones as before', () => {
    const body = (password: string) => ({ name: 'Sam', email: 'sam@example.com', password });
    expect(RegisterBodySchema.safeParse(body('aaaaaaaa')).error?.issues[0]?.message).toBe(GUESSABLE_PASSWORD);
    expect(RegisterBodySchema.safeParse(body('short')).error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters',
    );
  });
});
