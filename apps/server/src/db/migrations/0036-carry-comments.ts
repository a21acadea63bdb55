// Notes that follow the mix (issue #35): whether a track's unresolved threads show on its later versions
// (modules/comments/carried.ts). On by default, for the tracks already there too; the owner turns it off.
import { sql } from 'kysely';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('tracks')
    .addColumn('carry_comments', columnTypes(db).bool, (c) =>
      c.notNull().defaultTo(isPostgres(db) ? sql`true` : sql`1`),
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('tracks').dropColumn('carry_comments').execute();
}
