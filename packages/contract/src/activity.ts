// The activity feed (issue #15): GET /api/activity (my feed across my projects) and
// GET /api/projects/:id/activity (one project's), newest first, paged. The items are the dashboard's.
import { z } from 'zod';
import { ActivityItemSchema } from './dashboard.ts';
import { envelope, PaginationSchema, pageQueryFields } from './envelope.ts';

export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_LIMIT_MAX = 100;

/** Query of both feeds: page from 1, limit 1–100 (past it is refused, not capped: a client asked wrongly). */
export const ActivityQuerySchema = z.object({
  ...pageQueryFields(ACTIVITY_LIMIT_MAX, ACTIVITY_PAGE_SIZE),
});
export type ActivityQuery = z.output<typeof ActivityQuerySchema>;

export const ActivityListDataSchema = z.object({
  activities: z.array(ActivityItemSchema),
  pagination: PaginationSchema.extend({ totalActivities: z.number().int() }),
});
export type ActivityListData = z.infer<typeof ActivityListDataSchema>;
export const ActivityListResponseSchema = envelope(ActivityListDataSchema);

/** The socket event a project's room receives when something happens in it (a document's, its one person). */
export const ACTIVITY_NEW_EVENT = 'activity:new';
export const ActivityEventSchema = z.object({
  projectId: z.string().nullable(),
  activity: ActivityItemSchema,
});
export type ActivityEvent = z.infer<typeof ActivityEventSchema>;
