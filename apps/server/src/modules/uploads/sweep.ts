// Unfinished uploads whose time ran out (UPLOAD_EXPIRY_HOURS after creation) lose their row, which frees the
// storage they reserved, and then their bytes; a file in DATA_DIR/uploads that no live upload names (a crash
// between the two) goes too, once it is older than the grace age. Run at start and every quarter hour.
import { opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { runPeriodically } from '../../platform/jobs/periodic.ts';
import * as repo from './repo.ts';
import { uploadStore } from './store.ts';

const BATCH = 200;
/** A file that no live upload names is left this long: its upload may be being created right now. */
const GRACE_MS = 60 * 60_000;

export interface UploadSweep {
  expired: number;
  orphans: number;
}

export async function sweepUploads(ctx: AppContext, now = new Date()): Promise<UploadSweep> {
  const result: UploadSweep = { expired: 0, orphans: 0 };
  const store = uploadStore(ctx);
  for (;;) {
    const batch = await repo.expiredUploads(ctx.db, now.toISOString(), BATCH);
    for (const { id } of batch) {
      await repo.deleteUpload(ctx.db, id);
      await store.removeUpload(id);
      result.expired += 1;
    }
    if (batch.length < BATCH) break;
  }
  const ids = await filesIn(store.root);
  const live = await repo.liveUploadIds(ctx.db, [...ids.keys()]);
  for (const [id, file] of ids) {
    if (live.has(id)) continue;
    const info = await stat(file).catch(() => null);
    if (info && now.getTime() - info.mtimeMs < GRACE_MS) continue;
    await store.removeUpload(id);
    result.orphans += 1;
  }
  if (result.expired + result.orphans > 0)
    ctx.log.info(
      { service: 'uploads', ...result },
      `Removed ${result.expired} expired and ${result.orphans} abandoned uploads`,
    );
  return result;
}

const UPLOAD_FILE = /^([0-9a-f-]{36})(\.json)?$/;

/** The upload ids with a file (or a record) in the directory, each with a path to date it by. */
async function filesIn(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  try {
    for await (const entry of await opendir(dir)) {
      const id = UPLOAD_FILE.exec(entry.name)?.[1];
      if (id && entry.isFile()) out.set(id, path.join(dir, entry.name));
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  return out;
}

/** How often expired uploads are looked for, at most: a quarter of an hour past their time at worst. */
const SWEEP_MINUTES = 15;

/** At start and every quarter hour (or every STORAGE_SWEEP_MINUTES when sooner; never when that is 0). */
export function scheduleUploadSweep(app: FastifyInstance): void {
  const storageMinutes = app.ctx.config.storageSweepMinutes ?? 60;
  if (storageMinutes <= 0) return;
  const minutes = Math.min(SWEEP_MINUTES, storageMinutes);
  runPeriodically(app, {
    service: 'uploads',
    what: 'The sweep of expired uploads',
    everyMs: minutes * 60_000,
    atReady: true,
    run: () => sweepUploads(app.ctx),
  });
}
