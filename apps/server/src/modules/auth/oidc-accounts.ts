// Which account a person signed in at the identity provider is (decision 045): the one linked to their issuer
// and subject, else the one with their verified email address (linked from then on), else a new one. An
// address the provider has not verified is never used to match or make an account.
import { EmailSchema, NameSchema } from '@mixdesk/contract/auth';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { newId, nowIso, randomToken } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import { forgetUserSessions } from '../../platform/security/session-cache.ts';
import type { ProviderPerson } from './oidc-client.ts';
import { refused } from './oidc-errors.ts';
import { findUserByEmail, findUserById, type UserRow } from './repo.ts';
import { endUserSessions } from './sessions.ts';

/** The role of an account single sign-on makes (registration's default); the person can change it later. */
const NEW_ACCOUNT_ROLE = 'artist';

/** The account the person signs in to; makes or links it when it is their first sign-in through the provider. */
export async function accountOf(ctx: AppContext, person: ProviderPerson): Promise<UserRow> {
  const linked = await linkedUser(ctx.db, person);
  if (linked) return linked;
  const email = verifiedEmailOf(person);
  // Made before the transaction: hashing takes a moment. No one knows this password: an account made here
  // has none until its owner sets one through "Forgot password?" (while password sign-in is on).
  const unusablePassword = await hashPassword(randomToken(32), ctx.config.argon2);
  try {
    return await linkOrCreate(ctx, person, email, unusablePassword);
  } catch (err) {
    // Another sign-in of the same person got there first (two tabs): theirs is the link to use.
    if (!isUniqueViolation(err)) throw err;
    const raced = await linkedUser(ctx.db, person);
    if (raced) return raced;
    return linkOrCreate(ctx, person, email, unusablePassword);
  }
}

async function linkedUser(db: Kysely<DB>, person: ProviderPerson): Promise<UserRow | undefined> {
  const identity = await db
    .selectFrom('user_identities')
    .select(['id', 'user_id'])
    .where('issuer', '=', person.issuer)
    .where('subject', '=', person.subject)
    .executeTakeFirst();
  if (!identity) return undefined;
  await db
    .updateTable('user_identities')
    .set({ last_used_at: nowIso() })
    .where('id', '=', identity.id)
    .execute();
  return findUserById(db, identity.user_id);
}

/** The provider's address when it says it verified it and it is one an account can have; else refused. */
function verifiedEmailOf(person: ProviderPerson): string {
  if (!person.emailVerified || !person.email) throw refused('email', 'no verified email from the provider');
  const parsed = EmailSchema.safeParse(person.email);
  if (!parsed.success) throw refused('email', 'the provider gave an address no account can have');
  return parsed.data;
}

async function linkOrCreate(
  ctx: AppContext,
  person: ProviderPerson,
  email: string,
  unusablePassword: string,
): Promise<UserRow> {
  const { user, resetPassword } = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const existing = await findUserByEmail(trx, email);
    const outcome = existing
      ? await claimAccount(trx, existing, unusablePassword, now)
      : { user: await createAccount(trx, person, email, unusablePassword, now), resetPassword: false };
    await trx
      .insertInto('user_identities')
      .values({
        id: newId(),
        user_id: outcome.user.id,
        issuer: person.issuer,
        subject: person.subject,
        email,
        created_at: now,
        last_used_at: now,
      })
      .execute();
    return outcome;
  });
  if (resetPassword) {
    // Whoever set that password had never proved the address: their sessions end with it.
    await endUserSessions(ctx, user.id);
    ctx.log.warn(
      { service: 'auth', userId: user.id },
      'Single sign-on claimed an unverified account: its password was replaced and its sessions ended',
    );
  }
  forgetUserSessions(user.id);
  return user;
}

/**
 * An existing account with the verified address. If the account itself was never verified, someone may have
 * registered it with another person's address: the provider now vouches for the address, so the account is
 * verified and the password its registrant chose stops working (no one can keep a way into it).
 */
async function claimAccount(trx: Transaction<DB>, existing: UserRow, unusablePassword: string, now: string) {
  if (existing.verified) return { user: existing, resetPassword: false };
  await trx
    .updateTable('users')
    .set({ verified: true, password_hash: unusablePassword, updated_at: now })
    .where('id', '=', existing.id)
    .execute();
  return { user: { ...existing, verified: true, password_hash: unusablePassword }, resetPassword: true };
}

async function createAccount(
  trx: Transaction<DB>,
  person: ProviderPerson,
  email: string,
  unusablePassword: string,
  now: string,
): Promise<UserRow> {
  const user = {
    id: newId(),
    name: accountName(person, email),
    email,
    password_hash: unusablePassword,
    role: NEW_ACCOUNT_ROLE,
    verified: true,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('users').values(user).execute();
  return user satisfies UserRow;
}

/** The provider's name for the person if it is one an account may have, else the address's local part. */
function accountName(person: ProviderPerson, email: string): string {
  const named = NameSchema.safeParse(person.name?.slice(0, 100));
  if (named.success) return named.data;
  const local = NameSchema.safeParse(email.split('@')[0]);
  return local.success ? local.data : 'Mixdesk user';
}
