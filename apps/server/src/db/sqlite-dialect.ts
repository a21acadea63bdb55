// Kysely's SQLite dialect with one change: a failed transaction throws its own error. SQLite rolls a
// transaction back by itself when the disk is full (SQLITE_FULL) or on an I/O error; Kysely's ROLLBACK after
// that fails with "cannot rollback - no transaction is active", and that error took the place of the real
// one, so a full disk read as a server fault (500) instead of the 507 it is.
import type SqliteDatabase from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

class SqliteDriverKeepingErrors extends SqliteDriver {
  readonly #sqlite: SqliteDatabase.Database;

  constructor(config: SqliteDialectConfig, sqlite: SqliteDatabase.Database) {
    super(config);
    this.#sqlite = sqlite;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // Nothing to undo when SQLite has already rolled back.
    if (this.#sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** `sqlite` is the handle itself (config.database may wrap it), asked whether a transaction is open. */
export class SqliteDialectKeepingErrors extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #sqlite: SqliteDatabase.Database;

  constructor(config: SqliteDialectConfig, sqlite: SqliteDatabase.Database) {
    super(config);
    this.#config = config;
    this.#sqlite = sqlite;
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingErrors(this.#config, this.#sqlite);
  }
}
