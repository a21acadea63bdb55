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
    [{ S3_BUCKET: 'My_Bucket' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'mixdesk', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be a URL starting with http://'],
    [{ S3_BUCKET: 'mixdesk', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be 0 or 1'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET must be set when S3_ENDPOINT is'],
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
    // Generated and kept by the app at its start (platform/security/instance-secrets.test.ts), not by reading config.
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('stores files in an S3-compatible bucket when S3_BUCKET is set, and on the local disk otherwise', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-config-'));
    expect(loadConfig({ DATA_DIR: dir }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, S3_BUCKET: 'mixdesk-files' }).s3).toEqual({
      bucket: 'mixdesk-files',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    const minio = loadConfig({
      DATA_DIR: dir,
      S3_BUCKET: 'mixdesk-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'studio',
      S3_SECRET_ACCESS_KEY: 'studio-secret',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(minio.s3).toEqual({
      bucket: 'mixdesk-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      accessKeyId: 'studio',
      secretAccessKey: 'studio-secret',
      forcePathStyle: true,
    });
  });

  it.each([
    { S3_BUCKET: 'mixdesk', S3_ACCESS_KEY_ID: 'studio' },
    { S3_BUCKET: 'mixdesk', S3_SECRET_ACCESS_KEY: 'studio-secret' },
  ])('an S3 key without its secret, or the reverse (%o), stops naming both', (env) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-config-'));
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', schema: undefined });
  });
});
