// Timestamped comments on a track version (issue #15): the thread a mix gets when it goes out, "at 1:12 the
// vocal is too loud". Shapes shared by the server (validation, responses, socket payloads) and the web
// (player markers, threads, the comment box).
import { z } from 'zod';
import { multiLine, text } from './auth.ts';
import { envelope, TimestampSchema } from './envelope.ts';
import { VersionParamsSchema } from './media.ts';

export const COMMENT_BODY_MAX = 2000;
/** Comments a version may hold, replies included; past it a new one is refused (409). */
export const COMMENTS_PER_VERSION_MAX = 5000;

/** Who wrote a comment: a user (with `_id`), or a guest from a share link (`_id` null, `guest` true). */
export const CommentAuthorSchema = z.object({
  _id: z.string().nullable(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  guest: z.boolean(),
});
export type CommentAuthor = z.infer<typeof CommentAuthorSchema>;

/** The version a thread was written on, when it is listed with a later version's comments (issue #35). */
export const CarriedFromSchema = z.object({ versionId: z.string(), label: z.string() });
export type CarriedFrom = z.infer<typeof CarriedFromSchema>;

export const CommentSchema = z.object({
  _id: z.string(),
  projectId: z.string(),
  trackId: z.string(),
  versionId: z.string(),
  /** The comment this one answers (one level: a reply has no replies). */
  parentId: z.string().nullable(),
  body: z.string(),
  /** Seconds into the version. */
  at: z.number(),
  /** The end of a range, in seconds; null for a point. */
  end: z.number().nullable(),
  author: CommentAuthorSchema,
  likes: z.number().int(),
  /** Ids of the users who like it (so each viewer knows whether they do). */
  likedBy: z.array(z.string()),
  resolved: z.boolean(),
  createdAt: TimestampSchema,
  editedAt: TimestampSchema.nullable(),
  /**
   * A placeholder: its author deleted it after others had replied. Body and author are empty, the replies
   * stay, and it takes no actions; it goes when its last reply does.
   */
  deleted: z.boolean(),
  /**
   * Set on a thread (and its replies) listed with a later version's comments: an unresolved thread of an earlier
   * version of the track, which follows the mix until it is resolved (unless the track's owner turned
   * `carryComments` off). It is the same thread: `versionId` and its routes are the version it was written on.
   * Absent from a version's own comments and from every other answer.
   */
  carriedFrom: CarriedFromSchema.optional(),
});
export type Comment = z.infer<typeof CommentSchema>;

const seconds = (label: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required`
          : `${label} must be a number of seconds`,
    })
    .finite(`${label} must be a number of seconds`)
    .min(0, `${label} cannot be before the start`);

export const CommentBodySchema = text('Comment')
  .overwrite(multiLine)
  .trim()
  .min(1, 'Comment cannot be empty')
  .max(COMMENT_BODY_MAX, `Comment must be at most ${COMMENT_BODY_MAX.toLocaleString('en-US')} characters`);

export const CreateCommentSchema = z
  .strictObject({
    body: CommentBodySchema,
    at: seconds('Time'),
    end: seconds('End').nullish(),
    parentId: z.string().max(100, 'Unknown comment to reply to').nullish(),
  })
  .refine((c) => c.end == null || c.end > c.at, { message: 'End must be after the time', path: ['end'] });
export type CreateCommentInput = z.input<typeof CreateCommentSchema>;

export const UpdateCommentSchema = z
  .strictObject({
    body: CommentBodySchema.optional(),
    at: seconds('Time').optional(),
    end: seconds('End').nullish(),
  })
  .refine((c) => c.body !== undefined || c.at !== undefined || c.end !== undefined, {
    message: 'Nothing to change: send body, at or end',
  })
  .meta({ minProperties: 1 });
export type UpdateCommentInput = z.input<typeof UpdateCommentSchema>;

export const CommentParamsSchema = VersionParamsSchema.extend({
  commentId: z.string().max(100, 'Comment not found'),
});

export const CommentResponseSchema = envelope(z.object({ comment: CommentSchema }));
export const CommentListResponseSchema = envelope(z.object({ comments: z.array(CommentSchema) }));
/** What a delete removed, and the placeholder left instead when others had replied (else null). */
export const CommentDeletedResponseSchema = envelope(
  z.object({ deletedIds: z.array(z.string()), placeholder: CommentSchema.nullable() }),
);

// Socket events (SPEC §7 Realtime socket), sent to everyone in the project's room.
const where = { projectId: z.string(), trackId: z.string(), versionId: z.string() };
export const CommentEventSchema = z.object({ ...where, comment: CommentSchema });
/** comment:new and comment:updated (edited, resolved, or left as a placeholder by its author's delete). */
export type CommentEvent = z.infer<typeof CommentEventSchema>;
/**
 * comment:deleted: the comment and, for a thread's first comment, its replies (or, for the last reply under a
 * placeholder, the placeholder too).
 */
export const CommentDeletedEventSchema = z.object({
  ...where,
  commentId: z.string(),
  deletedIds: z.array(z.string()),
});
export type CommentDeletedEvent = z.infer<typeof CommentDeletedEventSchema>;
/** comment:liked: the new count and who likes it. */
export const CommentLikedEventSchema = z.object({
  ...where,
  commentId: z.string(),
  likes: z.number().int(),
  likedBy: z.array(z.string()),
});
export type CommentLikedEvent = z.infer<typeof CommentLikedEventSchema>;

/** "1:12" for 72.4 seconds; "1:02:03" past an hour. */
export function formatTimestamp(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Seconds from "1:12", "01:12", "1:02:03" or "72"; null when the text is not a time. */
export function parseTimestamp(value: string): number | null {
  const parts = value.trim().split(':');
  if (parts.length > 3 || parts.some((p) => !/^\d{1,3}(\.\d+)?$/.test(p))) return null;
  if (parts.slice(0, -1).some((p) => p.includes('.'))) return null;
  const numbers = parts.map(Number);
  if (numbers.slice(1).some((n) => n >= 60)) return null;
  return numbers.reduce((total, n) => total * 60 + n, 0);
}

/** The files a version's comments export to (issue #35): each a DAW's own way to read markers. */
export const MARKER_FORMATS = ['audacity', 'reaper', 'midi', 'wav'] as const;
export type MarkerFormat = (typeof MARKER_FORMATS)[number];
export const MarkersQuerySchema = z.object({
  format: z.enum(MARKER_FORMATS, { error: 'format must be audacity, reaper, midi or wav' }),
});
export type MarkersQuery = z.infer<typeof MarkersQuerySchema>;
