// For the single sign-on tests: a real OpenID Connect provider (`oidc-provider`, npm) on a random local port,
// whose login step signs in whichever account the test names (no form to fill), and a browser's walk through
// it: each redirect followed by hand with the provider's cookies, until the provider sends the browser back
// to the app. The provider is a third party's implementation: what it issues, and what it refuses, is the judge.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Provider from 'oidc-provider';
import { cookieHeader, cookiesOf } from '../../../test/helper.ts';
import type { OidcConfig } from '../../config.ts';

export const APP_CLIENT = { id: 'mixdesk', secret: 'mixdesk-client-secret-for-tests' };
/** Another application registered at the same provider: its ID tokens are not for Mixdesk. */
export const OTHER_CLIENT = { id: 'other-app', secret: 'other-app-client-secret-for-tests' };

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  /** Adds (or replaces) a person at the provider. */
  account(account: TestAccount): void;
  /** Who the provider's login step signs in, from now on. */
  signInAs(sub: string): void;
  /** The ID token the provider's next token answer carries instead of its own (a substitution attack). */
  substituteNextIdToken(idToken: string): void;
  /** The settings that make an app use this provider. */
  settings(): OidcConfig;
  close(): Promise<void>;
}

export async function startTestProvider(appUrl: string): Promise<TestProvider> {
  const redirectUri = `${appUrl}/api/auth/oidc/callback`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };
  const accounts = new Map<string, TestAccount>();
  let signedIn = '';
  let substitute: string | undefined;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (c: typeof APP_CLIENT) => ({
    client_id: c.id,
    client_secret: c.secret,
    redirect_uris: [redirectUri],
  });
  const provider = new Provider(issuer, {
    clients: [client(APP_CLIENT), client(OTHER_CLIENT)],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const found = accounts.get(sub);
      return found && { accountId: sub, claims: async () => ({ ...found }) };
    },
    // Consent is taken as given: the test is about the app, not the provider's consent screen.
    loadExistingGrant: async (ctx: {
      oidc: { provider: Provider; client: { clientId: string }; session: { accountId: string } };
    }) => {
      const grant = new ctx.oidc.provider.Grant({
        accountId: ctx.oidc.session.accountId,
        clientId: ctx.oidc.client.clientId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && substitute && ctx.body && typeof ctx.body === 'object') {
      ctx.body = { ...ctx.body, id_token: substitute };
      substitute = undefined;
    }
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    // The login step: the named account, at once.
    provider
      .interactionFinished(req, res, { login: { accountId: signedIn } }, { mergeWithLastSubmission: false })
      .catch(() => {
        res.statusCode = 400;
        res.end();
      });
  });
  return {
    issuer,
    account: (account) => accounts.set(account.sub, account),
    signInAs: (sub) => {
      signedIn = sub;
    },
    substituteNextIdToken: (idToken) => {
      substitute = idToken;
    },
    settings: () => ({ issuer, clientId: APP_CLIENT.id, clientSecret: APP_CLIENT.secret, name: 'Acme SSO' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookies at the provider, and its walk through the provider's redirects back to the app. */
export class ProviderBrowser {
  private readonly jar = new Map<string, string>();

  /** Follows redirects from `url` until one leads to `appOrigin`; that address (the app's callback). */
  async walk(url: string, appOrigin: string): Promise<URL> {
    let next = new URL(url);
    for (let hop = 0; hop < 10; hop += 1) {
      if (next.origin === appOrigin) return next;
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: this.cookie() } });
      this.keep(res.headers.getSetCookie());
      const location = res.headers.get('location');
      if (!location)
        throw new Error(`the provider answered ${res.status} at ${next.pathname}: ${await res.text()}`);
      next = new URL(location, next);
    }
    throw new Error('the provider never sent the browser back to the app');
  }

  private cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(setCookies: string[]): void {
    for (const line of setCookies) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1)];
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

export interface SsoAttempt {
  /** GET /api/auth/oidc/start's answer. */
  start: LightMyRequestResponse;
  /** The app's sign-in cookie from start (the browser's half of the sign-in). */
  cookies: Record<string, string>;
  /** Where the provider sent the browser back: the callback with its code and state. */
  callback: URL;
}

/** Starts a sign-in at the app and walks the provider as `sub`, up to the provider's redirect back. */
export async function ssoAttempt(
  app: FastifyInstance,
  idp: TestProvider,
  sub: string,
  redirect?: string,
): Promise<SsoAttempt> {
  idp.signInAs(sub);
  const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
  const start = await app.inject({ method: 'GET', url: `/api/auth/oidc/start${query}` });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const appOrigin = new URL(app.ctx.config.appUrl).origin;
  const callback = await new ProviderBrowser().walk(start.headers.location as string, appOrigin);
  return { start, cookies: cookiesOf(start), callback };
}

/** The app's answer to the provider's redirect back (the callback), in the browser that started. */
export function deliver(
  app: FastifyInstance,
  attempt: SsoAttempt,
  url: URL = attempt.callback,
  accept?: string,
) {
  return app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { cookie: cookieHeader(attempt.cookies), ...(accept ? { accept } : {}) },
  });
}

/** A whole sign-in as `sub`: the callback's answer. */
export async function ssoSignIn(app: FastifyInstance, idp: TestProvider, sub: string, redirect?: string) {
  return deliver(app, await ssoAttempt(app, idp, sub, redirect));
}

/**
 * An ID token the provider issued to OTHER_CLIENT for `sub`, with `nonce`: the other application's own sign-in,
 * its code exchanged at the token endpoint with that client's secret and PKCE verifier.
 */
export async function otherClientIdToken(idp: TestProvider, sub: string, nonce: string, appUrl: string) {
  idp.signInAs(sub);
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${appUrl}/api/auth/oidc/callback`;
  const auth = new URL(`${idp.issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: OTHER_CLIENT.id,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: redirectUri,
    state: 'other-state',
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const back = await new ProviderBrowser().walk(auth.href, new URL(appUrl).origin);
  const res = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${OTHER_CLIENT.id}:${OTHER_CLIENT.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  const body = (await res.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`the other client got no ID token: ${JSON.stringify(body)}`);
  return body.id_token;
}
