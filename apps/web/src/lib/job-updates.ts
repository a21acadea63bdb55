// Live job progress for one project: job:updated events from the project's room, through the app's one
// realtime connection (which joins the room while someone watches it, e.g. an analysis opened from the dashboard).
import type { Job } from '@mixdesk/contract/jobs';
import { realtime } from './realtime';

/** Calls `listener` with every job of the project that changes; returns the unsubscribe. */
export function subscribeJobUpdates(projectId: string, listener: (job: Job) => void): () => void {
  const release = realtime.watchProject(projectId);
  const off = realtime.onJobUpdated((job) => {
    if (job.projectId === projectId) listener(job);
  });
  return () => {
    off();
    release();
  };
}
