// Account security shapes: change password, two-factor sign-in (TOTP), sessions, export and delete account.
import { z } from 'zod';
import { EmailSchema, PASSWORD_MAX, PasswordSchema, text, UserSchema } from './auth.ts';
import { TimestampSchema } from './envelope.ts';

export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

const CurrentPasswordSchema = text('Current password')
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX, 'Current password is too long');

const ConfirmPasswordSchema = text('Password')
  .min(1, 'Password is required')
  .max(PASSWORD_MAX, 'Password is too long');

/** A 6-digit code from the authenticator app (spaces allowed, as apps show "123 456"). */
export const TotpCodeSchema = text('Code')
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** Either a 6-digit authenticator code or a recovery code, told apart by their shape. */
export const SecondFactorSchema = text('Code')
  .trim()
  .min(1, 'Enter a code from your authenticator app or a recovery code')
  .max(40, 'That code is too long');

export const ChangePasswordSchema = z
  .strictObject({
    currentPassword: CurrentPasswordSchema,
    newPassword: PasswordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    error: 'The new password must be different from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: TimestampSchema.nullable(),
  recoveryCodesRemaining: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** An SVG QR code of otpauthUrl, as a data: URL for an <img>. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const EnableTwoFactorSchema = z.strictObject({ code: TotpCodeSchema });
export const DisableTwoFactorSchema = z.strictObject({
  code: SecondFactorSchema,
  password: ConfirmPasswordSchema,
});
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /api/auth/login answers this instead of a session when the account has two-factor sign-in on. */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;
export const LoginResultSchema = z.union([
  z.object({ user: UserSchema, token: z.string() }),
  TwoFactorChallengeSchema,
]);

export const LoginSecondFactorSchema = z.strictObject({
  challenge: text('Challenge').min(16, 'Sign in again').max(200, 'Sign in again'),
  code: SecondFactorSchema,
});
export type LoginSecondFactorInput = z.input<typeof LoginSecondFactorSchema>;

export const SessionInfoSchema = z.object({
  _id: z.string(),
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: TimestampSchema,
  lastUsedAt: TimestampSchema,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) });
export const SessionIdParamsSchema = z.object({ id: z.string().max(64, 'Session not found') });
export const RevokedCountSchema = z.object({ revoked: z.number().int() });

export const ExportLinkSchema = z.object({ url: z.string(), expiresAt: TimestampSchema });
/** POST /api/account/export: the JSON always; the stored files too unless includeFiles is false. */
export const ExportRequestSchema = z
  .strictObject({ includeFiles: z.boolean({ error: 'includeFiles must be true or false' }).default(true) })
  .nullish();
export const EXPORT_FILES_PREFERENCE_KEY = 'mixdesk.export.includeFiles';
export const ExportTokenQuerySchema = z.object({
  token: z.string({ error: 'This download link is invalid' }).max(400, 'This download link is invalid'),
});

export const DeleteAccountSchema = z.strictObject({
  email: EmailSchema,
  password: ConfirmPasswordSchema,
  /** Required when two-factor sign-in is on: an authenticator or recovery code. */
  code: SecondFactorSchema.optional(),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;
