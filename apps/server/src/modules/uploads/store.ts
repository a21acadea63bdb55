// The one store of an app's resumable uploads (decision 041): DATA_DIR/uploads on this machine with disk
// storage (one instance), or the bucket with S3 storage, where an upload started through one instance
// continues through any other.
import path from 'node:path';
import type { AppContext } from '../../platform/context.ts';
import { DurableFileStore } from './disk-store.ts';
import { S3WaitingStore } from './s3-store.ts';
import type { WaitingStore } from './waiting-store.ts';

const stores = new WeakMap<AppContext, DurableFileStore | S3WaitingStore>();

export function uploadStore(ctx: AppContext): WaitingStore {
  let store = stores.get(ctx);
  if (!store) {
    const root = path.join(ctx.config.dataDir, 'uploads');
    store = ctx.config.s3
      ? new S3WaitingStore(ctx.config.s3, path.join(root, 'scratch'))
      : new DurableFileStore(root);
    stores.set(ctx, store);
  }
  return store;
}

/** Scratch files a crash left (S3 storage: the chunk being received), older than `before`. */
export async function removeScratch(ctx: AppContext, before: Date): Promise<number> {
  const store = uploadStore(ctx);
  return store instanceof S3WaitingStore ? store.removeScratch(before) : 0;
}

/** Lets go of the bucket's connections when the app closes. */
export function closeUploadStore(ctx: AppContext): void {
  const store = stores.get(ctx);
  if (store instanceof S3WaitingStore) store.close();
  stores.delete(ctx);
}
