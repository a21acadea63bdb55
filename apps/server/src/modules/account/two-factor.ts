// Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step of clock drift either way).
// Set-up stores an encrypted secret that only counts once a valid code confirms it; ten single-use recovery codes
// are shown once. Every accepted code moves last_used_step forward, so the same code never works twice.
import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type TwoFactorStatus,
} from '@mixdesk/contract/account';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { newId, nowIso, sha256 } from '../../platform/ids.ts';
import { openSecret, sealSecret } from './secret-box.ts';

export const ISSUER = 'Mixdesk';
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export const INVALID_CODE = 'That code is not valid. Enter the current code from your authenticator app.';
export const REUSED_CODE =
  'That code has already been used. Wait for the next code in your authenticator app.';
export const USED_RECOVERY_CODE = 'That recovery code has already been used.';

const invalid = (message = INVALID_CODE) => new AppError('BAD_REQUEST', message, [{ path: 'code', message }]);

function totpFor(base32: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

function findTwoFactor(db: Kysely<DB>, userId: string) {
  return db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function isTwoFactorEnabled(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await findTwoFactor(db, userId);
  return Boolean(row?.enabled_at);
}

export async function twoFactorStatus(db: Kysely<DB>, userId: string): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(db, userId);
  if (!row?.enabled_at) return { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 };
  const left = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return { enabled: true, enabledAt: row.enabled_at, recoveryCodesRemaining: Number(left?.n ?? 0) };
}

/** Starts (or restarts) set-up: a fresh secret, not yet in force, with its QR code. */
export async function beginSetup(ctx: AppContext, userId: string, email: string) {
  const existing = await findTwoFactor(ctx.db, userId);
  if (existing?.enabled_at) throw conflict('Two-factor authentication is already on. Turn it off first.');
  const secret = new Secret({ size: 20 }).base32;
  const values = {
    user_id: userId,
    secret_enc: sealSecret(ctx.config.jwtSecret, secret),
    enabled_at: null,
    last_used_step: null,
    created_at: nowIso(),
  };
  const { user_id: _userId, ...restart } = values;
  await ctx.db
    .insertInto('user_two_factor')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(restart))
    .execute();
  const otpauthUrl = totpFor(secret, email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks a 6-digit code against the user's secret and records its time step, atomically, so a replayed code fails.
 * `pending` accepts the not-yet-enabled secret of set-up.
 */
async function acceptTotp(ctx: AppContext, userId: string, code: string, pending = false): Promise<void> {
  const row = await findTwoFactor(ctx.db, userId);
  if (!row || Boolean(row.enabled_at) === pending) throw invalid();
  const secret = openSecret(ctx.config.jwtSecret, row.secret_enc);
  if (!secret) {
    ctx.log.error(
      { service: 'account', userId },
      'A two-factor secret could not be decrypted (was JWT_SECRET changed?)',
    );
    throw invalid();
  }
  const now = Date.now();
  const delta = totpFor(secret, '').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) throw invalid();
  const step = TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
  const moved = await ctx.db
    .updateTable('user_two_factor')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw invalid(REUSED_CODE);
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const normaliseRecovery = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();

/** Replaces every recovery code with ten new ones and returns them (the only time they are readable). */
async function issueRecoveryCodes(db: Kysely<DB>, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('user_recovery_codes')
      .values(
        codes.map((code) => ({
          id: newId(),
          user_id: userId,
          code_hash: sha256(normaliseRecovery(code)),
          created_at: now,
          used_at: null,
        })),
      )
      .execute();
  });
  return codes;
}

/** Confirms set-up with a valid code: two-factor is on from here, and the recovery codes are returned once. */
export async function confirmSetup(ctx: AppContext, userId: string, code: string): Promise<string[]> {
  const row = await findTwoFactor(ctx.db, userId);
  if (row?.enabled_at) throw conflict('Two-factor authentication is already on.');
  if (!row) throw new AppError('BAD_REQUEST', 'Start the set-up first: scan a new QR code.');
  await acceptTotp(ctx, userId, code, true);
  await ctx.db
    .updateTable('user_two_factor')
    .set({ enabled_at: nowIso() })
    .where('user_id', '=', userId)
    .execute();
  return issueRecoveryCodes(ctx.db, userId);
}

async function useRecoveryCode(ctx: AppContext, userId: string, code: string): Promise<void> {
  const normalised = normaliseRecovery(code);
  if (!/^[a-z2-7]{10}$/.test(normalised))
    throw invalid('Enter a 6-digit code or one of your recovery codes.');
  const hash = sha256(normalised);
  const used = await ctx.db
    .updateTable('user_recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 1) return;
  const known = await ctx.db
    .selectFrom('user_recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  throw invalid(known ? USED_RECOVERY_CODE : 'That recovery code is not valid.');
}

/** A second factor of an enabled account: a 6-digit authenticator code or a recovery code (each good once). */
export async function verifySecondFactor(
  ctx: AppContext,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery'> {
  const digits = code.replace(/\s+/g, '');
  if (/^\d{6}$/.test(digits)) {
    await acceptTotp(ctx, userId, digits);
    return 'totp';
  }
  await useRecoveryCode(ctx, userId, code);
  return 'recovery';
}

export async function disableTwoFactor(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
    await trx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  });
}

export const regenerateRecoveryCodes = (ctx: AppContext, userId: string) =>
  issueRecoveryCodes(ctx.db, userId);
