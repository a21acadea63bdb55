// The auth calls of SPEC §7 (Auth) beyond the session itself (which lives in lib/session).

import type { LoginSecondFactorInput } from '@mixdesk/contract/account';
import type { LoginInput, RegisterInput } from '@mixdesk/contract/auth';
import type { AuthOptions } from '@mixdesk/contract/oidc';
import { authRoutes as routes } from '@mixdesk/contract/routes/auth';
import { useQuery } from '@tanstack/react-query';
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

/** What a server that does not answer the options offers: the password forms, as every server did before. */
const PASSWORD_ONLY: AuthOptions = { passwordLogin: true, sso: null };

/**
 * How this server signs people in (password, single sign-on, or both), read once per page load. Single
 * sign-on's declarations and its button arrive with this first call, not in the first screen's JavaScript; the
 * button is loaded before the answer counts, so /auth does not shift when it appears.
 */
export function useAuthOptions(): { options: AuthOptions; loading: boolean } {
  const query = useQuery({
    queryKey: ['auth', 'options'],
    queryFn: async () => {
      const { oidcRoutes } = await import('@mixdesk/contract/routes/oidc');
      const { data } = await call(oidcRoutes.options, {}, noRefresh);
      if (data.sso) await import('./sso-button');
      return data;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return { options: query.data ?? PASSWORD_ONLY, loading: query.isPending };
}
