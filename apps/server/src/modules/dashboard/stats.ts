// The dashboard's four figures: the projects area's figures of the person (one round trip, projects/figures.ts)
// and the storage quota.
import type { DashboardStats } from '@mixdesk/contract/dashboard';
import type { AppContext } from '../../platform/context.ts';
import { storageQuota } from '../media/public.ts';
import { projectFiguresOf } from '../projects/public.ts';

export async function dashboardStats(ctx: AppContext, userId: string): Promise<DashboardStats> {
  const figures = await projectFiguresOf(ctx.db, userId);
  return {
    activeProjects: figures.activeProjects,
    totalTracks: figures.totalTracks,
    collaborators: figures.collaborators,
    storageUsedBytes: figures.bytesOwned,
    storageQuotaBytes: storageQuota(ctx),
  };
}
