// A fresh, fully migrated database for each test app, copied from a template instead of migrated anew.
// Migrating took about 0.5 s on SQLite and 1.3 s on PostgreSQL for each of the hundreds of apps a run builds;
// copying a migrated SQLite file takes a millisecond, and PostgreSQL's CREATE DATABASE … TEMPLATE about 40 ms.
// buildApp still runs the migrator on the copy, which finds nothing left to do.
//
// SQLite: one template file per worker process, migrated on first use, copied into the test's data dir.
// PostgreSQL: one template database per set of migrations (its name carries a hash of their names and code, so
// a changed migration makes a new one), built once under an advisory lock and renamed into place when complete,
// so a run never copies half a template and runs that share the server reuse it. Each test app gets its own
// database (schema `app`) from it, dropped when the app closes.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../src/config.ts';
import { openPostgres, openSqlite } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { randomToken } from '../src/platform/ids.ts';

/** The schema every test database on PostgreSQL holds the app's tables in. */
export const TEST_SCHEMA = 'app';

const migrationsHash = createHash('sha256')
  .update(
    Object.entries(migrations)
      .map(([name, m]) => `${name}\n${String(m.up)}\n${String(m.down)}`)
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 16);

let sqliteTemplate: Promise<string> | undefined;

async function makeSqliteTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-test-template-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'template.db');
  const database = openSqlite(file);
  await migrateToLatest(database.db);
  // Closing checkpoints the WAL into the file, so the file alone is the whole database.
  await database.close();
  return file;
}

/** A migrated SQLite database at `file`. */
export async function sqliteTestDatabase(file: string): Promise<void> {
  sqliteTemplate ??= makeSqliteTemplate();
  copyFileSync(await sqliteTemplate, file);
}

/** A random suffix PostgreSQL takes in an unquoted-looking name: lowercase letters, digits and x. */
const nameSuffix = (length: number) =>
  randomToken(length)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');

/** The URL of database `name` on the server `url` points at. */
function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const postgresTemplates = new Map<string, Promise<string>>();

async function makePostgresTemplate(url: string): Promise<string> {
  const name = `mixdesk_template_${migrationsHash}`;
  await withClient(url, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', ['mixdesk-test-template']);
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return;
      const building = `${name}_${nameSuffix(6)}`;
      await admin.query(`create database "${building}"`);
      const database = openPostgres(databaseUrl(url, building), TEST_SCHEMA);
      try {
        await database.db.schema.createSchema(TEST_SCHEMA).ifNotExists().execute();
        await migrateToLatest(database.db, TEST_SCHEMA);
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', ['mixdesk-test-template']);
    }
  });
  return name;
}

/** A new migrated PostgreSQL database on the server `url` points at, and how to drop it. */
export async function postgresTestDatabase(
  url: string,
): Promise<{ database: Extract<Config['database'], { kind: 'postgres' }>; drop: () => Promise<void> }> {
  let template = postgresTemplates.get(url);
  if (!template) {
    template = makePostgresTemplate(url);
    postgresTemplates.set(url, template);
  }
  const templateName = await template;
  const name = `mixdesk_test_${nameSuffix(8)}`;
  await withClient(url, (admin) => admin.query(`create database "${name}" template "${templateName}"`));
  return {
    database: { kind: 'postgres', url: databaseUrl(url, name), schema: TEST_SCHEMA },
    drop: () =>
      withClient(url, (admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(),
  };
}
