// The review calls of a version (packages/contract/src/routes/reviews.ts), parsed with the shared contract.
import type { ReviewDecisionInput, VersionReviewState } from '@mixdesk/contract/reviews';
import { reviewRoutes as routes } from '@mixdesk/contract/routes/reviews';
import { call } from '../../../lib/call';
import { type VersionRef, versionParams } from '../comments/api';

export const reviewKeys = { version: (versionId: string) => ['review', versionId] as const };

export async function fetchReview(ref: VersionRef, signal?: AbortSignal): Promise<VersionReviewState> {
  return (await call(routes.get, { params: versionParams(ref) }, { signal })).data.review;
}

export async function decide(ref: VersionRef, input: ReviewDecisionInput): Promise<VersionReviewState> {
  return (await call(routes.decide, { params: versionParams(ref), body: input })).data.review;
}

export async function askForReview(ref: VersionRef, userIds: string[]): Promise<VersionReviewState> {
  return (await call(routes.request, { params: versionParams(ref), body: { userIds } })).data.review;
}

export async function withdrawRequest(ref: VersionRef, userId: string): Promise<VersionReviewState> {
  return (await call(routes.withdraw, { params: { ...versionParams(ref), userId } })).data.review;
}
