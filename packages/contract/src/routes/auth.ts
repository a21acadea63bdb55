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

export const authRoutes = defineRoutes('auth', {
  register: {
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Create an account',
    errors: [409],
    body: RegisterSchema,
    status: 201,
    response: SessionResponse,
  },
  /** A session, or (with two-factor sign-in on) a challenge to answer through loginTwoFactor. */
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    body: LoginSchema,
    response: envelope(LoginResultSchema),
  },
  loginTwoFactor: {
    method: 'POST',
    path: '/api/auth/login/two-factor',
    summary: 'Finish signing in with a second factor',
    body: LoginSecondFactorSchema,
    response: SessionResponse,
  },
  resendVerification: {
    method: 'POST',
    path: '/api/auth/resend-verification',
    summary: 'Send the verification email again',
    response: OkSchema,
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/auth/verify-email',
    summary: 'Verify my email address',
    body: VerifyEmailSchema,
    response: envelope(z.object({ user: UserSchema })),
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Ask for a password reset link',
    body: ForgotPasswordSchema,
    response: OkSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset link',
    body: ResetPasswordSchema,
    response: OkSchema,
  },
});
