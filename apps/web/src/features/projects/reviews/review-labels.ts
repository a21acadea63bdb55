// Words and tones for review decisions and a track's review summary, shared by the list and the panel.
import type { TrackReviewSummary } from '@mixdesk/contract/media';
import type { ReviewDecisionKind } from '@mixdesk/contract/reviews';
import type { BadgeTone } from '../../../ui/badge';

export const DECISION_LABEL: Record<ReviewDecisionKind, string> = {
  approved: 'Approved',
  changes_requested: 'Changes requested',
};
export const DECISION_TONE: Record<ReviewDecisionKind, BadgeTone> = {
  approved: 'success',
  changes_requested: 'warning',
};

/** The track's badge: "Approved", "Changes requested" or "In review · 1/3"; null when nobody was asked. */
export function reviewBadge(
  review: TrackReviewSummary | null | undefined,
): { label: string; tone: BadgeTone } | null {
  if (!review || review.requested === 0) return null;
  if (review.approved) return { label: 'Approved', tone: 'success' };
  if (review.changesRequested > 0) return { label: 'Changes requested', tone: 'warning' };
  return { label: `In review · ${review.approvals}/${review.requested}`, tone: 'info' };
}
