// The activity feeds' routes (issue #15), declared once for the server and the web (../routes.ts): mine
// across my projects, and one project's.
import { ActivityListResponseSchema, ActivityQuerySchema } from '../activity.ts';
import { ProjectIdParamsSchema } from '../projects.ts';
import { defineRoutes } from '../routes.ts';

export const activityRoutes = defineRoutes('activity', {
  mine: {
    method: 'GET',
    path: '/api/activity',
    summary: 'List the activity across my projects',
    query: ActivityQuerySchema,
    response: ActivityListResponseSchema,
  },
  project: {
    method: 'GET',
    path: '/api/projects/:id/activity',
    summary: "List a project's activity",
    params: ProjectIdParamsSchema,
    query: ActivityQuerySchema,
    response: ActivityListResponseSchema,
  },
});
