// The auth area's routes (SPEC §7 Auth) beyond the session's own (./session.ts): registration, sign-in and the
// one-time links of email verification and password resets, declared once for the server and the web
// (../routes.ts). Register and reset-password declare the password's shape (contract/auth); the server checks
// besides that a new password is not too easy to guess (contract/password-policy's body schemas, given to
// `serve` as its `strictBody`), a check whose dictionary the web loads only when someone types a password.
import { z } from 'zod';
import { LoginResultSchema, LoginSecondFactorSchema } from '../account.ts';
import {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  SessionDataSchema,
  UserSchema,
  VerifyEmailSchema,
} from '../auth.ts';
import { envelope, OkSchema } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';

const SessionResponse = envelope(SessionDataSchema);

export const authRoutes = defineRoutes({
  register: {
    method: 'POST',
    path: '/api/auth/register',
    body: RegisterSchema,
    status: 201,
    response: SessionResponse,
  },
  /** A session, or (with two-factor sign-in on) a challenge to answer through loginTwoFactor. */
  login: {
    method: 'POST',
    path: '/api/auth/login',
    body: LoginSchema,
    response: envelope(LoginResultSchema),
  },
  loginTwoFactor: {
    method: 'POST',
    path: '/api/auth/login/two-factor',
    body: LoginSecondFactorSchema,
    response: SessionResponse,
  },
  resendVerification: { method: 'POST', path: '/api/auth/resend-verification', response: OkSchema },
  verifyEmail: {
    method: 'POST',
    path: '/api/auth/verify-email',
    body: VerifyEmailSchema,
    response: envelope(z.object({ user: UserSchema })),
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: ForgotPasswordSchema,
    response: OkSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    body: ResetPasswordSchema,
    response: OkSchema,
  },
});
