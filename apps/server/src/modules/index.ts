// Every area's HTTP routes and where they mount. An area adds one line here.
import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/routes.ts';
import { activityRoutes } from './activity/routes.ts';
import { analysisRoutes } from './analysis/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { clientsRoutes } from './clients/routes.ts';
import { commentsRoutes } from './comments/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { diagnosticsRoutes } from './diagnostics/routes.ts';
import { documentsRoutes } from './documents/routes.ts';
import { signingRoutes } from './documents/signing-routes.ts';
import { invitationRoutes, projectInvitationRoutes } from './invitations/routes.ts';
import { jobsRoutes } from './jobs/routes.ts';
import { masteringRoutes } from './mastering/routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { notificationsRoutes } from './notifications/routes.ts';
import { profileRoutes, userProfileRoutes } from './profile/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { reviewsRoutes } from './reviews/routes.ts';
import { sharePublicRoutes } from './share-links/public-routes.ts';
import { shareLinksRoutes } from './share-links/routes.ts';

export interface AreaRoutes {
  prefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: each area's plugin has its own type provider
  plugin: FastifyPluginAsync<any>;
}

export const areaRoutes: AreaRoutes[] = [
  { prefix: '/api/auth', plugin: authRoutes },
  { prefix: '/api/clients', plugin: clientsRoutes },
  { prefix: '/api/projects', plugin: projectRoutes },
  { prefix: '/api/projects', plugin: mediaRoutes },
  { prefix: '/api/projects', plugin: analysisRoutes },
  { prefix: '/api/projects', plugin: masteringRoutes },
  { prefix: '/api/projects', plugin: commentsRoutes },
  { prefix: '/api/projects', plugin: reviewsRoutes },
  { prefix: '/api/projects', plugin: shareLinksRoutes },
  { prefix: '/api/projects', plugin: projectInvitationRoutes },
  { prefix: '/api/invitations', plugin: invitationRoutes },
  { prefix: '/api/share', plugin: sharePublicRoutes },
  { prefix: '/api/auth', plugin: profileRoutes },
  { prefix: '/api/users', plugin: userProfileRoutes },
  { prefix: '/api/account', plugin: accountRoutes },
  { prefix: '/api/documents', plugin: documentsRoutes },
  { prefix: '/api/sign', plugin: signingRoutes },
  { prefix: '/api/dashboard', plugin: dashboardRoutes },
  { prefix: '/api', plugin: activityRoutes },
  { prefix: '/api/jobs', plugin: jobsRoutes },
  { prefix: '/api', plugin: diagnosticsRoutes },
  { prefix: '/api/notifications', plugin: notificationsRoutes },
];
