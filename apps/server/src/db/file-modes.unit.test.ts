// What Mixdesk makes on disk is its owner's alone (issue #20): a new data dir is 0700, a new SQLite database
// 0600, and SQLite's WAL beside it the same. An existing data dir keeps the mode its operator gave it.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openSqlite } from './database.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-modes-'));
  made.push(dir);
  return dir;
};
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('file modes', () => {
  it('a new data dir is owner-only, nested ones too', () => {
    const dataDir = path.join(scratch(), 'var', 'mixdesk');
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    expect(config.dataDir).toBe(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('an existing data dir keeps its mode', () => {
    const dataDir = path.join(scratch(), 'mounted');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o750);
    loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    expect(modeOf(dataDir)).toBe(0o750);
  });

  it('a new database file and its WAL are 0600', async () => {
    const file = path.join(scratch(), 'mixdesk.db');
    const database = openSqlite(file);
    try {
      await database.db.schema.createTable('t').addColumn('id', 'text').execute();
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
    } finally {
      await database.close();
    }
  });
});
