/// <reference path="../apps/server/src/modules/auth/oidc-provider.d.ts" />
// Single sign-on in the browser (issue #38, decision 045): an OpenID Connect provider (`oidc-provider`, npm,
// its own development login and consent pages) runs in this test process, and a Mixdesk server of its own is
// started with the OIDC_* settings (the shared browser-test server has none). A person goes from /auth through
// the provider's pages and back, signed in, to the page they were heading for; a refused sign-in comes back to
// /auth with a readable message; with password sign-in off, /auth shows only the provider's button.
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Provider from 'oidc-provider';
import { expectAccessible, newEmail } from './fixtures.ts';
import { screenshots } from './media-fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHOTS = '/tmp/shots-sso';
const SSO_NAME = 'Acme SSO';
const CLIENT = { id: 'mixdesk-e2e', secret: 'mixdesk-e2e-client-secret' };

/** People at the provider: the login typed on its sign-in page is the account's id. */
const people = new Map<string, { email: string; email_verified: boolean; name: string }>();
let idp: http.Server;
let server: ChildProcess;
let app = '';

/** A port nothing listens on at the moment. */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test.beforeAll(async () => {
  const appPort = await freePort();
  app = `http://127.0.0.1:${appPort}`;
  idp = http.createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${app}/api/auth/oidc/callback`],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const person = people.get(sub);
      return person && { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
  });
  idp.on('request', provider.callback());

  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(appPort),
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
      OIDC_NAME: SSO_NAME,
    },
  });
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // The server is up once it answers its health check (it migrates a fresh database first).
  await expect
    .poll(
      async () => {
        if (server.exitCode !== null) throw new Error(`the SSO server exited: ${stderr}`);
        return fetch(`${app}/api/health`).then(
          (res) => res.status,
          () => 0,
        );
      },
      { timeout: 60_000, message: 'the SSO server to answer' },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await new Promise<void>((resolve) => (idp ? idp.close(() => resolve()) : resolve()));
});

/** Signs in on the provider's own (development) pages: any password, then its consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('Continue with the provider signs in and lands on the page the visitor was heading for', async ({
  page,
}) => {
  const email = newEmail('sso');
  people.set('ada-sso', { email, email_verified: true, name: 'Ada Single' });
  await page.goto(`${app}/clients`);
  await expect(page).toHaveURL(`${app}/auth`);
  const button = page.getByRole('link', { name: `Continue with ${SSO_NAME}` });
  await expect(button).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'auth-sso', SHOTS);

  await button.click();
  await expect(page).toHaveURL(/\/interaction\//);
  // Back in the app, it asks the server who is signed in (it must not take the visitor for signed out) and
  // shows the page they were heading for, and stays there.
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/me');
  await signInAtProvider(page, 'ada-sso');
  expect((await asked).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${app}/clients`);
  const me = await page.request.get(`${app}/api/auth/me`);
  expect((await me.json()).user).toMatchObject({ email, name: 'Ada Single', verified: true });
});

test('a refused sign-in comes back to /auth with a message saying why', async ({ page }) => {
  people.set('unverified-sso', {
    email: newEmail('unverified'),
    email_verified: false,
    name: 'Not Verified',
  });
  await page.goto(`${app}/auth`);
  await page.getByRole('link', { name: `Continue with ${SSO_NAME}` }).click();
  await signInAtProvider(page, 'unverified-sso');
  await expect(page).toHaveURL(`${app}/auth?error=email`);
  await expect(page.getByRole('alert')).toContainText('has no verified email address');
  await expectAccessible(page);
  await screenshots(page, 'auth-sso-refused', SHOTS);
  expect((await page.request.get(`${app}/api/auth/me`)).status()).toBe(401);

  // A callback that belongs to no sign-in started in this browser.
  await page.goto(`${app}/api/auth/oidc/callback?code=made-up&state=made-up`);
  await expect(page).toHaveURL(`${app}/auth?error=state`);
  await expect(page.getByRole('alert')).toContainText('invalid, was already used or has expired');
  // A reason nobody sent: a general message, never the text of the link.
  await page.goto(`${app}/auth?error=${encodeURIComponent('Call 555-0100 to unlock your account')}`);
  await expect(page.getByRole('alert')).toHaveText('Single sign-on did not work. Try again.');
});

test('with password sign-in off, /auth offers the provider’s button alone', async ({ page }) => {
  // The server's side of PASSWORD_LOGIN=0 is the API tests' (oidc-password-off.test.ts); here, what /auth shows.
  await page.route('**/api/auth/options', (route) =>
    route.fulfill({
      json: {
        success: true,
        message: 'Sign-in options',
        data: { passwordLogin: false, sso: { name: SSO_NAME } },
      },
    }),
  );
  await page.goto(`${app}/auth`);
  await expect(page.getByRole('link', { name: `Continue with ${SSO_NAME}` })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(page.getByText("Don't have an account?")).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'auth-sso-only', SHOTS);
});
