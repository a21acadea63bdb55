// Approvals on a track version (issue #15): a collaborator approves a version or asks for changes, an editor
// asks named people for their review, and a track counts as approved once every person asked has approved
// its current version. Shapes shared by the server (validation, responses, socket payloads) and the web.
import { z } from 'zod';
import { multiLine, text } from './auth.ts';
import { envelope, TimestampSchema } from './envelope.ts';
import { VersionParamsSchema } from './media.ts';

export const REVIEW_DECISIONS = ['approved', 'changes_requested'] as const;
const DECISIONS_TEXT = REVIEW_DECISIONS.join(' or ');
export const ReviewDecisionKindSchema = z.enum(REVIEW_DECISIONS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? `Decision is required: ${DECISIONS_TEXT}`
      : `Decision must be ${DECISIONS_TEXT}`,
});
export type ReviewDecisionKind = z.infer<typeof ReviewDecisionKindSchema>;

export const REVIEW_NOTE_MAX = 1000;
/** People one request may name: everyone else on the largest project (its owner and 50 collaborators). */
export const REVIEW_REQUEST_USERS_MAX = 50;

/** POST …/versions/:versionId/review: my decision on the version; an empty note is no note. */
export const ReviewDecisionSchema = z.strictObject(
  {
    decision: ReviewDecisionKindSchema,
    note: text('Note')
      .overwrite(multiLine)
      .trim()
      .max(REVIEW_NOTE_MAX, `Note must be at most ${REVIEW_NOTE_MAX.toLocaleString('en-US')} characters`)
      .nullish()
      .transform((note) => note || null),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'Send { decision, note? }' : undefined) },
);
export type ReviewDecisionInput = z.input<typeof ReviewDecisionSchema>;

const ASK_SOMEONE = 'Send { userIds: [...] } with the people to ask for a review';

/** POST …/versions/:versionId/review-requests: the people (project members other than me) to ask. */
export const ReviewRequestSchema = z.strictObject(
  {
    userIds: z
      .array(z.string({ error: 'Each user id must be text' }).max(100, 'That is not a user id'), {
        error: 'User ids must be a list of user ids',
      })
      .min(1, 'Name at least one person to ask for a review')
      .max(REVIEW_REQUEST_USERS_MAX, `At most ${REVIEW_REQUEST_USERS_MAX} people can be asked at a time`),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? ASK_SOMEONE : undefined) },
);
export type ReviewRequestInput = z.input<typeof ReviewRequestSchema>;

export const ReviewRequestParamsSchema = VersionParamsSchema.extend({
  userId: z.string().max(100, 'Review request not found'),
});

/** A person as a review names them. */
export const ReviewPersonSchema = z.object({ _id: z.string(), name: z.string() });
export type ReviewPerson = z.infer<typeof ReviewPersonSchema>;

/** A person's latest decision on a version (earlier ones are kept, not shown). */
export const VersionReviewSchema = z.object({
  reviewer: ReviewPersonSchema,
  decision: ReviewDecisionKindSchema,
  note: z.string().nullable(),
  decidedAt: TimestampSchema,
});
export type VersionReview = z.infer<typeof VersionReviewSchema>;

/** A person asked to review a version, and where they stand on it now. */
export const RequestedReviewSchema = z.object({
  reviewer: ReviewPersonSchema,
  /** Who asked; null once their account is gone. */
  requestedBy: ReviewPersonSchema.nullable(),
  requestedAt: TimestampSchema,
  /** Their latest decision on this version, whenever made; null while they have not decided. */
  decision: ReviewDecisionKindSchema.nullable(),
});
export type RequestedReview = z.infer<typeof RequestedReviewSchema>;

export const VersionReviewStateSchema = z.object({
  versionId: z.string(),
  /** Each person's latest decision, oldest first. */
  reviews: z.array(VersionReviewSchema),
  /** The people asked, in the order they were asked. */
  requests: z.array(RequestedReviewSchema),
  /** At least one person was asked and every one of them has approved this version. */
  approved: z.boolean(),
});
export type VersionReviewState = z.infer<typeof VersionReviewStateSchema>;

export const ReviewStateResponseSchema = envelope(z.object({ review: VersionReviewStateSchema }));

/** The socket event a project's room receives when a version's decisions or requests change. */
export const REVIEW_UPDATED_EVENT = 'review:updated';
export const ReviewUpdatedEventSchema = z.object({
  projectId: z.string(),
  trackId: z.string(),
  versionId: z.string(),
  state: VersionReviewStateSchema,
});
export type ReviewUpdatedEvent = z.infer<typeof ReviewUpdatedEventSchema>;
