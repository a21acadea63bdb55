// The uploads area (issue #34): resumable uploads over the tus protocol, for every kind of file the app takes
// (a version, a project's file, an avatar); what each becomes is the media and profile areas' doing.
import type { Area } from '../../platform/area.ts';
import { closeChunkLocks } from './chunk-lock.ts';
import { markUploadFailed, uploadJob } from './finish.ts';
import { reservedBytesOf } from './repo.ts';
import { uploadsRoutes } from './routes.ts';
import { closeUploadStore } from './store.ts';
import { scheduleUploadSweep } from './sweep.ts';
import { uploadsUserData } from './user-data.ts';

export const uploadsArea: Area = {
  name: 'uploads',
  routes: [{ prefix: '/api/uploads', plugin: uploadsRoutes }],
  jobs: (ctx) => [{ kind: 'upload', run: uploadJob(ctx), onFailed: markUploadFailed(ctx) }],
  start: (app) => {
    app.addHook('onClose', async () => {
      closeUploadStore(app.ctx);
      await closeChunkLocks(app.ctx);
    });
    scheduleUploadSweep(app);
  },
  userData: uploadsUserData,
  // While an upload is receiving, its declared bytes count as used for every other upload into the owner's
  // projects; once processing, the pipeline recording it counts its real bytes instead.
  reservedStorage: (db, ownerId) => reservedBytesOf(db, ownerId, ['uploading']),
};
