// The reviews area: approvals and requested changes on a track version, and their summary.
import type { Area } from '../../platform/area.ts';
import { reviewsRoutes } from './routes.ts';
import { reviewSummaries } from './summary.ts';
import { reviewsUserData } from './user-data.ts';

export const reviewsArea: Area = {
  name: 'reviews',
  routes: [{ prefix: '/api/projects', plugin: reviewsRoutes }],
  userData: reviewsUserData,
  // The track lists (media, which reviews builds on) show each current version's review state.
  versionReviews: reviewSummaries,
};
