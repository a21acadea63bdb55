// Personal API tokens (issue #38): a person's tokens for scripts, sent as `Authorization: Bearer mxd_…`. Only
// the SHA-256 of a token is kept (the token has 256 random bits, so a plain hash cannot be reversed), unique and
// indexed: a request finds its token by one index lookup. Revoking deletes the row, so a revoked token is
// unknown at once to every instance. `scopes` is the comma-separated list (`read`, or `read,write`);
// `last_used_at` is written at most once a minute per token.
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp)
    .addColumn('expires_at', t.timestamp)
    .execute();
  // A person's list (newest first), the count of their live tokens, and account deletion's cascade.
  await db.schema
    .createIndex('api_tokens_user')
    .on('api_tokens')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
