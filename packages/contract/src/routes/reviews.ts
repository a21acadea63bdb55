// The reviews area's routes (approvals on a track version, issue #15), declared once for the server and the
// web (../routes.ts). Each answers with the version's review state.
import { VersionParamsSchema } from '../media.ts';
import {
  ReviewDecisionSchema,
  ReviewRequestParamsSchema,
  ReviewRequestSchema,
  ReviewStateResponseSchema,
} from '../reviews.ts';
import { defineRoutes } from '../routes.ts';

export const reviewRoutes = defineRoutes('review', {
  /** Where the version's review stands. */
  get: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/review',
    summary: "Get a version's review state",
    params: VersionParamsSchema,
    response: ReviewStateResponseSchema,
  },
  /** My decision on the version. */
  decide: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/review',
    summary: 'Approve a version or ask for changes',
    params: VersionParamsSchema,
    body: ReviewDecisionSchema,
    response: ReviewStateResponseSchema,
  },
  /** Ask people for their review. */
  request: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/review-requests',
    summary: 'Ask people to review a version',
    params: VersionParamsSchema,
    body: ReviewRequestSchema,
    response: ReviewStateResponseSchema,
  },
  /** Withdraw the request made of one person. */
  withdraw: {
    method: 'DELETE',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/review-requests/:userId',
    summary: 'Withdraw a review request',
    params: ReviewRequestParamsSchema,
    response: ReviewStateResponseSchema,
  },
});
