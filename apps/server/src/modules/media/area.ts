// The media area: tracks, their versions' audio and a project's files; the waveform job (peak-jobs.ts).
import type { Area } from '../../platform/area.ts';
import { projectMediaKeys, removeProjectMedia } from './cleanup.ts';
import { copiesJob, markCopiesFailed, queueMissingCopies } from './copies.ts';
import { markNullTestFailed, nullTestJob, queueUnfinishedNullTests } from './null-test.ts';
import { markPeaksFailed, peaksJob } from './peak-jobs.ts';
import { mediaRoutes } from './routes.ts';
import { seedMedia } from './seed.ts';
import { mediaUserData } from './user-data.ts';

export const mediaArea: Area = {
  name: 'media',
  routes: [{ prefix: '/api/projects', plugin: mediaRoutes }],
  jobs: (ctx) => [
    { kind: 'peaks', run: peaksJob(ctx), onFailed: markPeaksFailed(ctx) },
    { kind: 'copies', run: copiesJob(ctx), onFailed: markCopiesFailed(ctx) },
    { kind: 'null-test', run: nullTestJob(ctx), onFailed: markNullTestFailed(ctx) },
  ],
  // Versions stored before their listening copies existed get them now (once: the job is deduplicated).
  start: (app) => {
    app.addHook('onReady', async () => {
      await queueMissingCopies(app.ctx).catch((err) =>
        app.ctx.log.error({ service: 'media', err }, 'Could not queue the missing listening copies'),
      );
      await queueUnfinishedNullTests(app.ctx).catch((err) =>
        app.ctx.log.error({ service: 'media', err }, 'Could not queue the unfinished null tests'),
      );
    });
  },
  seed: seedMedia,
  userData: mediaUserData,
  // A deleted project's tracks, versions and files: their rows go with it by cascade, their bytes after.
  projectParts: { area: 'media', keys: projectMediaKeys, remove: removeProjectMedia },
  // A track version's audio (uploaded or mastered), its listening copies, its stems, and a project's file.
  storedKeys: (db) => [
    db.selectFrom('track_versions').select('storage_key as key'),
    db.selectFrom('track_versions').select('lossless_key as key').where('lossless_key', 'is not', null),
    db.selectFrom('track_versions').select('compact_key as key').where('compact_key', 'is not', null),
    db.selectFrom('project_files').select('storage_key as key'),
    db.selectFrom('version_stems').select('storage_key as key'),
  ],
};
