// The reviews area's part of a user's data: the export lists every decision they made (with its version and
// note) and the reviews they were asked for; deleting the account deletes both through the foreign keys.
import type { UserDataHandler } from '../../platform/context.ts';
import './tables.ts';

export const reviewsUserData: UserDataHandler = {
  area: 'reviews',
  async exportData(ctx, userId) {
    const [decisions, requests] = await Promise.all([
      ctx.db
        .selectFrom('version_reviews')
        .select(['id', 'project_id', 'track_id', 'version_id', 'decision', 'note', 'created_at'])
        .where('reviewer_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      ctx.db
        .selectFrom('review_requests')
        .select(['project_id', 'track_id', 'version_id', 'requested_by', 'created_at'])
        .where('reviewer_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    ]);
    return {
      data: {
        decisions: decisions.map((d) => ({
          _id: d.id,
          projectId: d.project_id,
          trackId: d.track_id,
          versionId: d.version_id,
          decision: d.decision,
          note: d.note,
          decidedAt: d.created_at,
        })),
        askedToReview: requests.map((r) => ({
          projectId: r.project_id,
          trackId: r.track_id,
          versionId: r.version_id,
          askedBy: r.requested_by,
          askedAt: r.created_at,
        })),
      },
    };
  },
  async deleteData() {
    // Nothing to do first: decisions and requests hold no stored files; the user row's deletion cascades.
  },
};
