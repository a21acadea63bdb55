// Single sign-on's two steps (decision 045): start (a sign-in kept in the database, the provider's URL) and
// finish (the sign-in taken once, the provider's answer checked, the account found, linked or made, and a
// session started as a password sign-in starts one). The app's own second factor is not asked: see 045.
import type { User } from '@mixdesk/contract/auth';
import { randomPKCECodeVerifier } from 'openid-client';
import type { AppContext } from '../../platform/context.ts';
import { accountOf } from './oidc-accounts.ts';
import type { OidcProvider } from './oidc-client.ts';
import { startSignIn, takeSignIn } from './oidc-sign-ins.ts';
import { presentUser } from './repo.ts';
import { type ClientInfo, type IssuedSession, startSession } from './sessions.ts';

/** Where the browser goes to sign in at the provider, and the value of its sign-in cookie. */
export async function beginSsoSignIn(
  ctx: AppContext,
  provider: OidcProvider,
  redirectUri: string,
  redirectTo: string,
): Promise<{ url: URL; browserSecret: string }> {
  const started = await startSignIn(ctx, redirectTo, randomPKCECodeVerifier());
  const url = await provider.authorizationUrl(redirectUri, started);
  return { url, browserSecret: started.browserSecret };
}

export interface FinishedSignIn {
  user: User;
  session: IssuedSession;
  /** The path in the app the sign-in was started for. */
  redirectTo: string;
}

export async function finishSsoSignIn(
  ctx: AppContext,
  provider: OidcProvider,
  answer: { callbackUrl: URL; state: string | undefined; browserSecret: string | undefined },
  client: ClientInfo,
): Promise<FinishedSignIn> {
  const signIn = await takeSignIn(ctx, answer.state, answer.browserSecret);
  const person = await provider.finish(answer.callbackUrl, signIn);
  const user = await accountOf(ctx, person);
  const session = await startSession(ctx, user.id, client);
  ctx.log.info({ service: 'auth', userId: user.id }, 'Signed in with single sign-on');
  return { user: presentUser(user), session, redirectTo: signIn.redirectTo };
}
