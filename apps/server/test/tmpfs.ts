// A small disk of a test's own: a tmpfs of a set size mounted on a fresh directory (root only, as here and in
// CI), filled to its last byte and freed again, for the full-disk tests.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type Mounted = { ok: true; dir: string } | { ok: false; dir: string; why: string };

/** Refusals that mean "this machine does not let us mount", as opposed to a broken mount command. */
const NOT_PERMITTED = /permission denied|must be superuser|only root|not permitted|EPERM/i;

/**
 * Mounts a tmpfs of `bytes` on a new directory. Where mounting is not permitted (no root, a container without
 * CAP_SYS_ADMIN) answers why, so the test can say so and skip; any other failure throws.
 */
export function mountTmpfs(bytes: number, prefix: string): Mounted {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const run = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (run.status === 0) return { ok: true, dir };
  rmSync(dir, { recursive: true, force: true });
  const why = `${run.error?.message ?? ''} ${run.stderr ?? ''}`.replace(/\s+/g, ' ').trim();
  if (NOT_PERMITTED.test(why) || (run.error as NodeJS.ErrnoException | undefined)?.code === 'EPERM')
    return { ok: false, dir, why: why || 'mount is not permitted' };
  throw new Error(`mount -t tmpfs on ${dir} failed: ${why || `exit ${run.status}`}`);
}

/** Unmounts (lazily when something still holds it open) and removes the directory. */
export function unmountTmpfs(mounted: Mounted): void {
  if (mounted.ok) {
    const run = spawnSync('umount', [mounted.dir], { encoding: 'utf8' });
    if (run.status !== 0) spawnSync('umount', ['-l', mounted.dir]);
  }
  rmSync(mounted.dir, { recursive: true, force: true });
}

/** The loud line a test prints when it cannot mount, so a skip is never silent. */
export function cannotMountWarning(file: string, mounted: Mounted): string {
  const bar = '!'.repeat(100);
  const why = mounted.ok ? '' : mounted.why;
  return (
    `\n${bar}\n!! ${file} SKIPPED: this machine does not let the test mount a tmpfs (${why}).\n` +
    '!! The full-disk behaviour (507, nothing half-written, the app stays up) is NOT tested here.\n' +
    `!! Run it as root (as CI does) to test it.\n${bar}\n`
  );
}

/** Bytes a write can still take on the file system holding `dir`. */
export function freeBytes(dir: string): number {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
}

/** Writes `file` until the disk refuses (ENOSPC): afterwards not one byte is free. Answers its size. */
export function fillDisk(file: string): number {
  const block = Buffer.alloc(64 * 1024, 0x66);
  const fd = openSync(file, 'w');
  let size = 0;
  try {
    for (;;) {
      // A write near the end takes what fits and answers how much; the next one is refused.
      size += writeSync(fd, block);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
  return size;
}

/** Every file under `dir`, as paths relative to it in '/' form, sorted; none when `dir` is absent. */
export function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}
