import { existsSync, mkdtempSync } from 'node:fs';
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

  it('takes JWT_SECRET as given, and leaves it to the app to generate one when unset', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-config-'));
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'k'.repeat(40) }).jwtSecret).toBe('k'.repeat(40));
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBeUndefined();
    // Generated and kept by the app at its start (platform/instance-secrets.test.ts), not by reading config.
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-config-'));
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', schema: undefined });
  });
});
