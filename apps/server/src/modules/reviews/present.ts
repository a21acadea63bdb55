// Rows to the API's review shapes (packages/contract/src/reviews.ts, and the track's summary in media.ts):
// the same objects the HTTP answers and the `review:updated` event carry. What "approved" means lives here.
import type { TrackReviewSummary } from '@mixdesk/contract/media';
import type { ReviewDecisionKind, VersionReviewState } from '@mixdesk/contract/reviews';
import type { RequestRow, ReviewRow } from './repo.ts';

/** Where a version stands, from the latest decision of each person asked (null: not decided yet). */
export function summarize(asked: (ReviewDecisionKind | null)[]): TrackReviewSummary {
  const approvals = asked.filter((d) => d === 'approved').length;
  return {
    approved: asked.length > 0 && approvals === asked.length,
    requested: asked.length,
    approvals,
    changesRequested: asked.filter((d) => d === 'changes_requested').length,
  };
}

export function presentState(
  versionId: string,
  reviews: ReviewRow[],
  requests: RequestRow[],
): VersionReviewState {
  return {
    versionId,
    reviews: reviews.map((r) => ({
      reviewer: { _id: r.reviewer_id, name: r.reviewer_name },
      decision: r.decision,
      note: r.note,
      decidedAt: r.created_at,
    })),
    requests: requests.map((r) => ({
      reviewer: { _id: r.reviewer_id, name: r.reviewer_name },
      requestedBy: r.requested_by ? { _id: r.requested_by, name: r.requester_name ?? '' } : null,
      requestedAt: r.created_at,
      decision: r.decision,
    })),
    approved: summarize(requests.map((r) => r.decision)).approved,
  };
}
