// The app as a client of the OpenID Connect provider (openid-client): the provider's settings discovered from
// its issuer once per instance (again after a failure), the authorization URL with PKCE, state and nonce, and the
// answer's checks (state, issuer, the code exchanged with the verifier, the ID token's signature, issuer,
// audience, nonce and times), then who the person is. Whatever the library refuses becomes an SsoRefusal.

import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import { refused, SsoRefusal } from './oidc-errors.ts';

/** What the provider says about the person, once its answer has passed every check. */
export interface ProviderPerson {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/** A request to the provider that takes longer is given up (the browser is waiting on the callback). */
const PROVIDER_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

export interface OidcProvider {
  /** The provider's authorization URL for a sign-in just started. */
  authorizationUrl(
    redirectUri: string,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<URL>;
  /** Checks the answer at `callbackUrl` against the sign-in's state, nonce and verifier; who signed in. */
  finish(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<ProviderPerson>;
}

export function oidcProvider(settings: OidcConfig): OidcProvider {
  let found: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    found ??= discover(settings).catch((err) => {
      found = undefined;
      throw err;
    });
    // A provider that cannot be reached, or whose settings do not check out, is unavailable for now.
    return found.catch((err: unknown) => {
      throw refused('unavailable', `discovery: ${describe(err)}`);
    });
  };
  return {
    async authorizationUrl(redirectUri, checks) {
      const config = await configuration();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(callbackUrl, checks) {
      const config = await configuration();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw refused('provider', 'no ID token');
        // Most providers give the email and name at the userinfo endpoint, not in the ID token.
        const info = config.serverMetadata().userinfo_endpoint
          ? await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)
          : {};
        const claims: Record<string, unknown> = { ...idToken, ...info, sub: idToken.sub };
        return {
          issuer: idToken.iss,
          subject: idToken.sub,
          email: typeof claims.email === 'string' ? claims.email : undefined,
          // Only `true` counts: an address the provider has not verified says nothing about who signs in.
          emailVerified: claims.email_verified === true,
          name: nameOf(claims),
        };
      } catch (err) {
        return asRefusal(err);
      }
    },
  };
}

async function discover(settings: OidcConfig): Promise<oidc.Configuration> {
  const insecure = new URL(settings.issuer).protocol === 'http:';
  const options = {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
  };
  const discovered = await oidc.discovery(
    new URL(settings.issuer),
    settings.clientId,
    settings.clientSecret,
    undefined,
    options,
  );
  // client_secret_basic is the default of OpenID Connect (and of most providers' client registrations);
  // client_secret_post only for a provider that does not take basic.
  const metadata = discovered.serverMetadata();
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth =
    !methods || methods.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(settings.clientSecret)
      : oidc.ClientSecretPost(settings.clientSecret);
  const config = new oidc.Configuration(metadata, settings.clientId, settings.clientSecret, auth);
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  if (insecure) oidc.allowInsecureRequests(config);
  return config;
}

/** The person's name as the provider gives it, if it does. */
function nameOf(claims: Record<string, unknown>): string | undefined {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return text(claims.name) ?? (given || undefined) ?? text(claims.preferred_username);
}

/** An error's message and code, and its cause's, for the log. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${err.message}${typeof code === 'string' ? ` [${code}]` : ''}${cause}`;
}

/** The library's refusal, as the sign-in's: the provider unreachable (503), or its answer refused (400). */
function asRefusal(err: unknown): never {
  if (err instanceof SsoRefusal) throw err;
  const detail = describe(err);
  if (err instanceof oidc.AuthorizationResponseError)
    throw refused(err.error === 'access_denied' ? 'denied' : 'provider', `${err.error}: ${detail}`);
  if (err instanceof oidc.ResponseBodyError)
    throw refused(err.status >= 500 ? 'unavailable' : 'provider', `${err.error}: ${detail}`);
  if (err instanceof oidc.ClientError) {
    const cause = err.cause;
    throw refused(cause instanceof Response && cause.status >= 500 ? 'unavailable' : 'provider', detail);
  }
  // fetch's own failures (refused connection, DNS, reset) and the request timeout.
  const name = err instanceof Error ? err.name : '';
  if ((err instanceof TypeError && !('code' in err)) || name === 'TimeoutError' || name === 'AbortError')
    throw refused('unavailable', detail);
  throw err;
}
