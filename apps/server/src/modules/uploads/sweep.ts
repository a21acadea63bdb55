// Unfinished uploads whose time ran out (UPLOAD_EXPIRY_HOURS after creation) lose their row, which frees the
// storage they reserved, and then their bytes; bytes that no live upload names (a crash between the two) go
// too, once older than the grace age, in DATA_DIR/uploads or in the bucket. Run at start and every quarter hour.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { runPeriodically } from '../../platform/jobs/periodic.ts';
import * as repo from './repo.ts';
import { removeScratch, uploadStore } from './store.ts';
import type { WaitingUpload } from './waiting-store.ts';

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
  const before = now.getTime() - GRACE_MS;
  const found: WaitingUpload[] = [];
  for await (const upload of store.waiting()) found.push(upload);
  const live = await repo.liveUploadIds(
    ctx.db,
    found.map((u) => u.id),
  );
  for (const { id, modifiedAt } of found) {
    if (live.has(id) || modifiedAt.getTime() >= before) continue;
    await store.removeUpload(id);
    result.orphans += 1;
  }
  await removeScratch(ctx, new Date(before));
  if (result.expired + result.orphans > 0)
    ctx.log.info(
      { service: 'uploads', ...result },
      `Removed ${result.expired} expired and ${result.orphans} abandoned uploads`,
    );
  return result;
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
