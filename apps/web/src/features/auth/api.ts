// The auth calls of SPEC §7 (Auth) beyond the session itself (which lives in lib/session).

import { LoginResultSchema, type LoginSecondFactorInput } from '@mixdesk/contract/account';
import { type LoginInput, type RegisterInput, SessionDataSchema, UserSchema } from '@mixdesk/contract/auth';
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import { z } from 'zod';
import { api } from '../../lib/api';

const SessionResponseSchema = envelope(SessionDataSchema);
const LoginResponseSchema = envelope(LoginResultSchema);
const VerifiedResponseSchema = envelope(z.object({ user: UserSchema }));
const MessageSchema = OkSchema.partial({ message: true });

// Wrong credentials also answer 401: these calls must not try a token refresh (auth: false).
/** A session, or (with two-factor sign-in on) a challenge to answer with a code through loginWithCode. */
export async function login(input: LoginInput) {
  return (await api.post('/api/auth/login', input, { auth: false, schema: LoginResponseSchema })).data;
}

export async function loginWithCode(input: LoginSecondFactorInput) {
  return (await api.post('/api/auth/login/two-factor', input, { auth: false, schema: SessionResponseSchema }))
    .data;
}

export async function register(input: RegisterInput) {
  return (await api.post('/api/auth/register', input, { auth: false, schema: SessionResponseSchema })).data;
}

export async function resendVerification() {
  return api.post('/api/auth/resend-verification', undefined, { schema: MessageSchema });
}

export async function verifyEmail(token: string) {
  return (
    await api.post('/api/auth/verify-email', { token }, { auth: false, schema: VerifiedResponseSchema })
  ).data;
}

export async function requestPasswordReset(email: string) {
  return api.post('/api/auth/forgot-password', { email }, { auth: false, schema: MessageSchema });
}

export async function resetPassword(token: string, password: string) {
  return api.post('/api/auth/reset-password', { token, password }, { auth: false, schema: MessageSchema });
}
