// Rules of the activity feeds (issue #15): my feed is my inbox (what the triggers fanned out to me across
// my projects); a project's feed is for whoever may view the project, and strangers find no project (404).
import { ACTIVITY_LIMIT_MAX, type ActivityListData, type ActivityQuery } from '@mixdesk/contract/activity';
import { pageWindow } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireProjectAccess } from '../projects/public.ts';
import { activityPage, type FeedScope } from './feed.ts';

async function page(ctx: AppContext, scope: FeedScope, query: ActivityQuery): Promise<ActivityListData> {
  const { limit, offset, page } = pageWindow(query.page, query.limit, ACTIVITY_LIMIT_MAX);
  const { items, total } = await activityPage(ctx, scope, { limit, offset });
  return {
    activities: items,
    pagination: { currentPage: page, totalPages: Math.ceil(total / limit), limit, totalActivities: total },
  };
}

/** GET /api/activity: the caller's feed across every project they own or collaborate on, and their documents. */
export function listMyActivity(ctx: AppContext, userId: string, query: ActivityQuery) {
  return page(ctx, { inboxOf: userId }, query);
}

/** GET /api/projects/:id/activity: one project's activities, for anyone who may view it. */
export async function listProjectActivity(
  ctx: AppContext,
  userId: string,
  projectId: string,
  query: ActivityQuery,
) {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'view');
  return page(ctx, { projectId: project.id, viewerId: userId }, query);
}
