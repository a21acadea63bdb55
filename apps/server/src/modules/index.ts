// Every area of the server, in one list: app.ts walks it to mount routes, register jobs and start what each
// area runs; the demo account's seeders run in this order, the account export reads the areas' data in it and
// account deletion removes it in reverse. An area comes after the areas it builds on. Adding an area is its
// folder (with an area.ts, platform/area.ts) and one line here.
import type { Area } from '../platform/area.ts';
import { accountArea } from './account/area.ts';
import { activityArea } from './activity/area.ts';
import { analysisArea } from './analysis/area.ts';
import { apiTokensArea } from './api-tokens/area.ts';
import { authArea } from './auth/area.ts';
import { catalogArea } from './catalog/area.ts';
import { clientsArea } from './clients/area.ts';
import { commentsArea } from './comments/area.ts';
import { dashboardArea } from './dashboard/area.ts';
import { diagnosticsArea } from './diagnostics/area.ts';
import { documentsArea } from './documents/area.ts';
import { invitationsArea } from './invitations/area.ts';
import { jobsArea } from './jobs/area.ts';
import { masteringArea } from './mastering/area.ts';
import { mediaArea } from './media/area.ts';
import { notificationsArea } from './notifications/area.ts';
import { packagesArea } from './packages/area.ts';
import { profileArea } from './profile/area.ts';
import { projectsArea } from './projects/area.ts';
import { reviewsArea } from './reviews/area.ts';
import { shareLinksArea } from './share-links/area.ts';
import { uploadsArea } from './uploads/area.ts';
import { webhooksArea } from './webhooks/area.ts';

export const areas: readonly Area[] = [
  authArea,
  accountArea,
  apiTokensArea,
  profileArea,
  projectsArea,
  mediaArea,
  uploadsArea,
  analysisArea,
  masteringArea,
  clientsArea,
  commentsArea,
  reviewsArea,
  shareLinksArea,
  packagesArea,
  invitationsArea,
  documentsArea,
  catalogArea,
  dashboardArea,
  activityArea,
  jobsArea,
  diagnosticsArea,
  notificationsArea,
  webhooksArea,
];
