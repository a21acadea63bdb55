// The packages area (issue #36): many stored files as one ZIP laid out before its first byte (a version's, a
// project's deliverables, a shared version's), and the digests of stored objects it needs for that, kept in
// object_digests and computed ahead by a job of kind 'digests' (decision 043).
import type { Area } from '../../platform/area.ts';
import { runPeriodically } from '../../platform/jobs/periodic.ts';
import {
  DEFAULT_DIGEST_SWEEP_SECONDS,
  digestsJob,
  queueMissingDigests,
  removeUnnamedDigests,
  UNNAMED_SWEEP_MS,
} from './digests.ts';
import { packagesRoutes, sharedPackageRoutes } from './routes.ts';

export const packagesArea: Area = {
  name: 'packages',
  routes: [
    { prefix: '/api/projects', plugin: packagesRoutes },
    { prefix: '/api/share', plugin: sharedPackageRoutes },
  ],
  jobs: (ctx) => [{ kind: 'digests', run: digestsJob(ctx) }],
  // Objects stored since the last run get their digests within a minute or so, before anyone asks for a
  // package; the digests of objects no row names any more go, once an hour. DIGEST_SWEEP_SECONDS=0: neither.
  start: (app) => {
    const seconds = app.ctx.config.digestSweepSeconds ?? DEFAULT_DIGEST_SWEEP_SECONDS;
    if (seconds === 0) return;
    runPeriodically(app, {
      service: 'packages',
      what: 'Queuing the missing digests',
      everyMs: seconds * 1000,
      atReady: true,
      run: () => queueMissingDigests(app.ctx),
    });
    runPeriodically(app, {
      service: 'packages',
      what: 'Removing the digests of objects gone',
      everyMs: UNNAMED_SWEEP_MS,
      run: () => removeUnnamedDigests(app.ctx),
    });
  },
};
