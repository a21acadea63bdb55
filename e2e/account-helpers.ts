// Helpers for the profile, settings and security browser tests: API tokens, signing in to a screen, codes from
// an authenticator app, screenshots at desktop and phone widths, and reading the account database.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import { E2E_DATA_DIR } from './env.ts';
import { type Account, signInThroughUi } from './fixtures.ts';

export async function tokenOf(request: APIRequestContext, account: Pick<Account, 'email' | 'password'>) {
  const res = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token as string;
}

/** Opens a screen while signed out, signs in on /auth, and waits to be back on it. */
export async function signInTo(page: Page, account: Pick<Account, 'email' | 'password'>, route: string) {
  await page.goto(route);
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(new RegExp(`${route.replace(/[?]/g, '\\?')}$`));
}

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export function totp(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
    timestamp: Date.now() + steps * 30_000,
  });
}

const SHOTS = '/tmp/shots-D';

/** Full-page screenshots at 1280 px and 390 px wide, to look at. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** A read-only look at the server's database (what the account deletion left behind). */
export function countRows(sql: string, ...params: unknown[]): number {
  const db = new Database(path.join(E2E_DATA_DIR, 'mixdesk.db'), { readonly: true, fileMustExist: true });
  try {
    return Number((db.prepare(sql).get(...params) as { n: number }).n);
  } finally {
    db.close();
  }
}

/** Moves the end of every session of an account to `at` (ms since the epoch), as time passing would. */
export function sessionsEndAt(email: string, at: number): void {
  const db = new Database(path.join(E2E_DATA_DIR, 'mixdesk.db'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'update auth_sessions set expires_at = ? where user_id = (select id from users where email = ?)',
    ).run(new Date(at).toISOString(), email);
  } finally {
    db.close();
  }
}

/** A 2×2 PNG, enough for an avatar. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDK+mmyAAAAABJRU5ErkJggg==',
  'base64',
);
