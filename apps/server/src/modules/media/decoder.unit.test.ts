// Which ffmpeg runs: an explicit path, else the first one on PATH, else the npm package's.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { findOnPath, resolveBinary } from './decoder.ts';

const root = mkdtempSync(path.join(tmpdir(), 'mixdesk-decoder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function binary(dir: string, name: string, mode = 0o755): string {
  mkdirSync(path.join(root, dir), { recursive: true });
  const file = path.join(root, dir, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, mode);
  return file;
}

const NPM = '/npm/ffmpeg';

describe('choosing the decoder binary', () => {
  const explicit = binary('explicit', 'my-ffmpeg');
  const first = binary('first', 'ffmpeg');
  binary('second', 'ffmpeg');
  binary('not-executable', 'ffmpeg', 0o644);
  const searchPath = [
    'relative/dir',
    path.join(root, 'not-executable'),
    path.join(root, 'first'),
    path.join(root, 'second'),
  ].join(path.delimiter);

  it('prefers the explicit path over one on PATH', () => {
    expect(resolveBinary('ffmpeg', explicit, searchPath, NPM)).toEqual({ path: explicit, source: 'env' });
  });

  it('takes the first executable on PATH, skipping relative entries and files it may not run', () => {
    expect(resolveBinary('ffmpeg', undefined, searchPath, NPM)).toEqual({ path: first, source: 'system' });
  });

  it('falls back to the npm build when PATH has none', () => {
    expect(resolveBinary('ffmpeg', undefined, path.join(root, 'explicit'), NPM)).toEqual({
      path: NPM,
      source: 'npm',
    });
    expect(resolveBinary('ffprobe', undefined, undefined, NPM)).toEqual({ path: NPM, source: 'npm' });
  });

  it('stops at start when the explicit path cannot be run', () => {
    expect(() => resolveBinary('ffmpeg', path.join(root, 'missing'), searchPath, NPM)).toThrow(ConfigError);
    expect(() =>
      resolveBinary('ffmpeg', path.join(root, 'not-executable', 'ffmpeg'), searchPath, NPM),
    ).toThrow('FFMPEG_PATH');
  });

  it('finds nothing in an empty PATH', () => {
    expect(findOnPath('ffmpeg', '')).toBeNull();
  });
});
