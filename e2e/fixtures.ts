// Browser-test helpers: accounts made through the real API, mail read from the server's outbox,
// and an accessibility check on every screen.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { E2E_DATA_DIR } from './env.ts';

export const PASSWORD = 'Studio-Time-2026!';

let n = 0;
export function newEmail(prefix = 'e2e'): string {
  n += 1;
  return `${prefix}.${Date.now().toString(36)}${n}@example.com`;
}

/** The newest link of a kind mailed to an address, waited for in the outbox. */
export async function mailedLink(to: string, kind: 'verify_email' | 'reset_password'): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const db = new Database(path.join(E2E_DATA_DIR, 'mixdesk.db'), {
          readonly: true,
          fileMustExist: true,
        });
        try {
          const row = db
            .prepare(
              'select text_body from mail_outbox where to_address = ? and kind = ? order by created_at desc, id desc limit 1',
            )
            .get(to, kind) as { text_body: string } | undefined;
          link = row?.text_body.match(/https?:\/\/\S+/)?.[0] ?? '';
          return link;
        } finally {
          db.close();
        }
      },
      { message: `a ${kind} mail to ${to}` },
    )
    .not.toBe('');
  return link;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** Registers through the API and, unless told otherwise, follows the verification link through the API. */
export async function createAccount(
  request: APIRequestContext,
  opts: { verified?: boolean; name?: string } = {},
): Promise<Account> {
  const account = { name: opts.name ?? 'Test Producer', email: newEmail(), password: PASSWORD };
  const res = await request.post('/api/auth/register', { data: account });
  expect(res.status()).toBe(201);
  if (opts.verified !== false) {
    const link = await mailedLink(account.email, 'verify_email');
    const token = new URL(link).searchParams.get('token');
    const verify = await request.post('/api/auth/verify-email', { data: { token } });
    expect(verify.status()).toBe(200);
  }
  return account;
}

/** Signs in through the sign-in screen, as a person would. */
export async function signInThroughUi(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** No serious or critical accessibility violation on the current screen. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours read mid-transition (a dialog's overlay fading out, a hover easing) are not what a person sees:
  // wait until every finite animation and transition has finished.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((x) => x.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}
