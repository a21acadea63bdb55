// How guessable a password is, by zxcvbn (@zxcvbn-ts with its common dictionary: the most used passwords,
// keyboard patterns, repeats and sequences), and the schema that refuses what the strength meter calls Very
// Weak. The server validates new passwords with it; the web's meter loads this module only when someone types
// a new password, so the dictionary (about 400 KB) never weighs on the first screen. One module on both sides:
// the meter and the server cannot disagree.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ChangePasswordSchema } from './account.ts';
import {
  PasswordSchema,
  passwordStrength,
  RegisterSchema,
  ResetPasswordSchema,
  type StrengthLabel,
} from './auth.ts';

let guesser: ZxcvbnFactory | undefined;
const zxcvbn = () => {
  guesser ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return guesser;
};

export interface PasswordVerdict {
  /** The meter's label: the five criteria's, held at Very Weak while the password is easy to guess. */
  label: StrengthLabel;
  /** Criteria met, 0–5 (held at 1 while the password is easy to guess). */
  score: number;
  criteria: Record<string, boolean>;
  /** zxcvbn's verdict: a common password, a repeat (all one character, only spaces), a keyboard walk. */
  guessable: boolean;
}

/** The strength meter's verdict on a password, the same in the browser and on the server. */
export function judgePassword(password: string): PasswordVerdict {
  const byCriteria = passwordStrength(password);
  const guessable = password.length > 0 && zxcvbn().check(password).score === 0;
  return guessable
    ? { ...byCriteria, label: 'Very Weak', score: Math.min(byCriteria.score, 1), guessable }
    : { ...byCriteria, guessable };
}

export const GUESSABLE_PASSWORD =
  'This password is too easy to guess (a common password, a repeated character or a keyboard pattern). Add words, numbers or symbols that are yours.';

/** A new password: long enough, and not what the meter calls Very Weak. */
export const NewPasswordSchema = PasswordSchema.refine(
  (password) => judgePassword(password).label !== 'Very Weak',
  GUESSABLE_PASSWORD,
);

/** POST /api/auth/register as the server checks it: RegisterSchema with a password that is not Very Weak. */
export const RegisterBodySchema = RegisterSchema.extend({ password: NewPasswordSchema });

/** POST /api/auth/reset-password as the server checks it. */
export const ResetPasswordBodySchema = ResetPasswordSchema.extend({ password: NewPasswordSchema });

/** POST /api/account/password as the server checks it (still refusing the current password again). */
export const ChangePasswordBodySchema = ChangePasswordSchema.safeExtend({ newPassword: NewPasswordSchema });

/** Whether a value is refused by NewPasswordSchema; for forms that check before they send. */
export const isVeryWeak = (password: string) => judgePassword(password).label === 'Very Weak';
