// The one store of an app's resumable uploads: DATA_DIR/uploads on this machine. On S3 storage too, the
// bytes wait here until the last one lands and the upload becomes a version, file or avatar in the bucket
// (one instance; decision 041 says what several instances on S3 need).
import path from 'node:path';
import type { AppContext } from '../../platform/context.ts';
import { DurableFileStore } from './disk-store.ts';

const stores = new WeakMap<AppContext, DurableFileStore>();

export function uploadStore(ctx: AppContext): DurableFileStore {
  let store = stores.get(ctx);
  if (!store) {
    store = new DurableFileStore(path.join(ctx.config.dataDir, 'uploads'));
    stores.set(ctx, store);
  }
  return store;
}
