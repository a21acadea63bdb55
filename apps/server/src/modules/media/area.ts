// The media area: tracks, their versions' audio and a project's files; the waveform job (peak-jobs.ts).
import type { Area } from '../../platform/area.ts';
import { projectMediaKeys, removeProjectMedia } from './cleanup.ts';
import { markPeaksFailed, peaksJob } from './peak-jobs.ts';
import { mediaRoutes } from './routes.ts';
import { seedMedia } from './seed.ts';
import { mediaUserData } from './user-data.ts';

export const mediaArea: Area = {
  name: 'media',
  routes: [{ prefix: '/api/projects', plugin: mediaRoutes }],
  jobs: (ctx) => [{ kind: 'peaks', run: peaksJob(ctx), onFailed: markPeaksFailed(ctx) }],
  seed: seedMedia,
  userData: mediaUserData,
  // A deleted project's tracks, versions and files: their rows go with it by cascade, their bytes after.
  projectParts: { area: 'media', keys: projectMediaKeys, remove: removeProjectMedia },
  // A track version's audio (uploaded or mastered) and a project's file.
  storedKeys: (db) => [
    db.selectFrom('track_versions').select('storage_key as key'),
    db.selectFrom('project_files').select('storage_key as key'),
  ],
};
