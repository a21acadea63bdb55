// Single sign-on (issue #38, decision 045). `user_identities` links an account to a person at an OpenID Connect
// provider (issuer + subject), so a later sign-in finds the account by who the provider says they are, not by
// an email address that may change. `oidc_sign_ins` holds a sign-in between its start and the provider's
// answer, so any instance can finish it: the state's hash, the browser it was started in (the hash of a
// cookie), the nonce and the PKCE verifier, where to go after, and when it was used (once only).
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('user_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_identities_subject')
    .on('user_identities')
    .columns(['issuer', 'subject'])
    .unique()
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();

  await db.schema
    .createTable('oidc_sign_ins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect_to', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('oidc_sign_ins_expiry').on('oidc_sign_ins').column('expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('oidc_sign_ins').execute();
  await db.schema.dropTable('user_identities').execute();
}
