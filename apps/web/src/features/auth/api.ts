// The auth calls of SPEC §7 (Auth) beyond the session itself (which lives in lib/session).

import type { LoginSecondFactorInput } from '@mixdesk/contract/account';
import type { LoginInput, RegisterInput } from '@mixdesk/contract/auth';
import { authRoutes as routes } from '@mixdesk/contract/routes/auth';
import { call } from '../../lib/call';

// Wrong credentials also answer 401: these calls must not try a token refresh (auth: false).
const noRefresh = { auth: false };

/** A session, or (with two-factor sign-in on) a challenge to answer with a code through loginWithCode. */
export async function login(input: LoginInput) {
  return (await call(routes.login, { body: input }, noRefresh)).data;
}

export async function loginWithCode(input: LoginSecondFactorInput) {
  return (await call(routes.loginTwoFactor, { body: input }, noRefresh)).data;
}

export async function register(input: RegisterInput) {
  return (await call(routes.register, { body: input }, noRefresh)).data;
}

export async function resendVerification() {
  return call(routes.resendVerification, {});
}

export async function verifyEmail(token: string) {
  return (await call(routes.verifyEmail, { body: { token } }, noRefresh)).data;
}

export async function requestPasswordReset(email: string) {
  return call(routes.forgotPassword, { body: { email } }, noRefresh);
}

export async function resetPassword(token: string, password: string) {
  return call(routes.resetPassword, { body: { token, password } }, noRefresh);
}
