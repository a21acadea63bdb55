import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config.ts';

describe('config', () => {
  it('defaults to port 3000, ./data and the embedded SQLite database', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.SEED_DEMO).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a number'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ SMTP_URL: 'nope' }, 'SMTP_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be 0 or 1'],
  ])('a bad value (%o) stops with one line naming the variable', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(message);
    try {
      parseEnv(env);
    } catch (err) {
      expect((err as Error).message.split('\n')).toHaveLength(1);
    }
  });

  it('generates the JWT secret once, keeps it in DATA_DIR readable only by the owner, and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-config-'));
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', schema: undefined });
  });
});
