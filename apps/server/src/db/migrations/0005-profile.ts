import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  // One row per user, created on first save; a user without one has the defaults of modules/profile/repo.ts.
  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profession', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('experience', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('genres', t.json, (c) => c.notNull())
    .addColumn('avatar_key', 'text')
    .addColumn('avatar_mime', 'text')
    .addColumn('avatar_updated_at', t.timestamp)
    .addColumn('email_notifications', t.bool, (c) => c.notNull())
    .addColumn('project_notifications', t.bool, (c) => c.notNull())
    .addColumn('collaboration_notifications', t.bool, (c) => c.notNull())
    .addColumn('marketing_emails', t.bool, (c) => c.notNull())
    .addColumn('profile_visibility', 'text', (c) => c.notNull())
    .addColumn('show_email', t.bool, (c) => c.notNull())
    .addColumn('show_phone', t.bool, (c) => c.notNull())
    .addColumn('show_location', t.bool, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  // TOTP: the secret is encrypted at rest; enabled_at is null while set-up awaits its first code.
  // last_used_step is the newest 30-second step accepted, so a code cannot be used twice.
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('enabled_at', t.timestamp)
    .addColumn('last_used_step', t.bigint)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  // Single-use recovery codes, stored hashed.
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('user_recovery_codes_user')
    .on('user_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  // A password that was right, waiting for its second factor; only a hash of the challenge is stored.
  await db.schema
    .createTable('login_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('login_challenges_user').on('login_challenges').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['login_challenges', 'user_recovery_codes', 'user_two_factor', 'user_profiles']) {
    await db.schema.dropTable(table).execute();
  }
}
