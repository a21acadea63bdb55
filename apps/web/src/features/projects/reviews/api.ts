// The review calls of a version (packages/contract/src/reviews.ts), parsed with the shared contract.
import {
  type ReviewDecisionInput,
  ReviewStateResponseSchema,
  type VersionReviewState,
} from '@mixdesk/contract/reviews';
import { api } from '../../../lib/api';
import type { VersionRef } from '../comments/api';

const versionPath = ({ projectId, trackId, versionId }: VersionRef) =>
  `/api/projects/${encodeURIComponent(projectId)}/tracks/${encodeURIComponent(trackId)}/versions/${encodeURIComponent(versionId)}`;

export const reviewKeys = { version: (versionId: string) => ['review', versionId] as const };

export async function fetchReview(ref: VersionRef, signal?: AbortSignal): Promise<VersionReviewState> {
  return (await api.get(`${versionPath(ref)}/review`, { schema: ReviewStateResponseSchema, signal })).data
    .review;
}

export async function decide(ref: VersionRef, input: ReviewDecisionInput): Promise<VersionReviewState> {
  return (await api.post(`${versionPath(ref)}/review`, input, { schema: ReviewStateResponseSchema })).data
    .review;
}

export async function askForReview(ref: VersionRef, userIds: string[]): Promise<VersionReviewState> {
  return (
    await api.post(`${versionPath(ref)}/review-requests`, { userIds }, { schema: ReviewStateResponseSchema })
  ).data.review;
}

export async function withdrawRequest(ref: VersionRef, userId: string): Promise<VersionReviewState> {
  return (
    await api.delete(`${versionPath(ref)}/review-requests/${encodeURIComponent(userId)}`, {
      schema: ReviewStateResponseSchema,
    })
  ).data.review;
}
