// Auth shapes shared by the server (validation) and the web (forms, response parsing).
import { z } from 'zod';
import { EmailAnswerSchema } from './envelope.ts';

export const REGISTRATION_ROLES = ['artist', 'producer', 'engineer', 'collaborator'] as const;
export const RegistrationRoleSchema = z.enum(REGISTRATION_ROLES, {
  error: `Role must be one of: ${REGISTRATION_ROLES.join(', ')}`,
});
export type RegistrationRole = z.infer<typeof RegistrationRoleSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): text that reads one way
 * and is stored another ("Trojan Source"), as in a file name that hides its real extension.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;
/** Control characters (C0 and C1: NUL, line breaks, ...) become spaces in one-line fields; bidi controls go. */
export const oneLine = (value: string) => value.replace(/\p{Cc}+/gu, ' ').replace(BIDI_CONTROLS, '');
/** Multi-line text keeps line breaks and tabs, nothing else of the control range, and no bidi controls. */
export const multiLine = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .replace(BIDI_CONTROLS, '');
/** True when a value holds a control character (C0, C1) or a bidi control: refused in people's names. */
export const hasHiddenCharacters = (value: string) => /\p{Cc}|[\u202A-\u202E\u2066-\u2069]/u.test(value);

/** A string field whose missing and wrong-type errors name the field. */
export const text = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
  });

/**
 * An email address, trimmed and lower-cased before it is checked. The address check is one of the string's
 * own (not a second schema piped to), so that the OpenAPI document shows `format: email`; a missing or too
 * long address stops there, with its one message.
 */
export const EmailSchema = text('Email')
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required', abort: true })
  .max(EMAIL_MAX, { error: `Email must be at most ${EMAIL_MAX} characters`, abort: true })
  .check(z.email('Enter a valid email address'));

export const PasswordSchema = text('Password')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const NameSchema = text('Name')
  // A name is shown to others everywhere: one that hides characters (a NUL, a line break, a right-to-left
  // override that reverses what follows) is refused, not silently changed.
  .refine((v) => !hasHiddenCharacters(v), 'Name must not contain control or text-direction characters')
  .overwrite(oneLine)
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

export const RegisterSchema = z.strictObject({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  role: RegistrationRoleSchema.default('artist'),
});
export type RegisterInput = z.input<typeof RegisterSchema>;

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: text('Password').min(1, 'Password is required').max(PASSWORD_MAX, 'Password is too long'),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const ForgotPasswordSchema = z.strictObject({ email: EmailSchema });

const TokenSchema = text('Token').min(16, 'This link is invalid').max(200, 'This link is invalid');

export const ResetPasswordSchema = z.strictObject({ token: TokenSchema, password: PasswordSchema });
export const VerifyEmailSchema = z.strictObject({ token: TokenSchema });

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: EmailAnswerSchema,
  role: RegistrationRoleSchema,
  verified: z.boolean(),
  /** Set on the current user (GET /api/auth/me): may open the diagnostics (ADMIN_EMAILS, or the demo account). */
  isAdmin: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

export const SessionDataSchema = z.object({ user: UserSchema, token: z.string() });
export const MeDataSchema = z.object({ user: UserSchema });
export const CsrfTokenSchema = z.object({ csrfToken: z.string() });

/** SPEC §2: five criteria, five labels. */
export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

export function passwordStrength(password: string): {
  score: number;
  label: StrengthLabel;
  criteria: Record<string, boolean>;
} {
  const criteria = {
    length: password.length >= PASSWORD_MIN,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
    symbol: /[^A-Za-z0-9]/.test(password),
  };
  const score = Object.values(criteria).filter(Boolean).length;
  // 0 or 1 criteria met is Very Weak; each further criterion moves one label up.
  const label = STRENGTH_LABELS[Math.max(0, score - 1)] as StrengthLabel;
  return { score, label, criteria };
}
