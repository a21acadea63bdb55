// Per-user notifications (issue #15): someone mentioned me, replied to my comment, asked me for a review,
// decided on my version, or added me to a project. GET /api/notifications lists mine (newest first, paged,
// with how many are unread); POST /api/notifications/read marks some or all of them read. A new one reaches
// my open tabs as the socket event `notification:new`; repeats about one thread fold into one (`count`).
import { z } from 'zod';
import { envelope, PaginationSchema, pageQueryFields, TimestampSchema } from './envelope.ts';

export const NOTIFICATION_KINDS = [
  'mention',
  'reply',
  'review_requested',
  'review_decision',
  'added_to_project',
  /** A guest commented through a share link: told to whoever made the link (or the owner). */
  'guest_comment',
  /** Someone invited me to a project (issue #20); the link opens the invitation to accept or decline. */
  'invitation',
  /** Someone accepted or declined my invitation. */
  'invitation_answered',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_LIMIT_MAX = 100;
/** Ids one mark-read request may name. */
export const MARK_READ_IDS_MAX = 100;

/** Who caused it: a user (`_id`), or a guest from a share link (`_id` null). */
export const NotificationActorSchema = z.object({ _id: z.string().nullable(), name: z.string() });
export const NotificationProjectSchema = z.object({ _id: z.string(), title: z.string() });

export const NotificationSchema = z.object({
  _id: z.string(),
  kind: NotificationKindSchema,
  /** A sentence a person reads: "Ana mentioned you on Glasshouse at 1:12". */
  title: z.string(),
  /** An excerpt (of the comment, the decision's note); may be ''. */
  body: z.string(),
  /** Where it leads in the app: `/projects/:id/tracks?track=..&version=..&t=..&comment=..`. */
  link: z.string(),
  actor: NotificationActorSchema.nullable(),
  project: NotificationProjectSchema.nullable(),
  read: z.boolean(),
  /**
   * How many it stands for: repeats of one kind about one thread (mentions, replies, guest comments) fold
   * into one unread notification, whose title says how many, and whose actor, body, link and time are the
   * latest's. 1 for the rest.
   */
  count: z.number().int().min(1),
  /** When it happened (a folded one: its latest). */
  createdAt: TimestampSchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

/**
 * GET /api/notifications query: page from 1, limit 1–100 (past it is refused, not capped), and `unread`:
 * 'true' lists only unread ones, 'false' only read ones, absent lists all.
 */
export const NotificationListQuerySchema = z.object({
  ...pageQueryFields(NOTIFICATIONS_LIMIT_MAX, NOTIFICATIONS_PAGE_SIZE),
  unread: z
    .enum(['true', 'false'], { error: 'Unread must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type NotificationListQuery = z.output<typeof NotificationListQuerySchema>;

export const NotificationListDataSchema = z.object({
  notifications: z.array(NotificationSchema),
  /** All my unread notifications, whatever the page and filter. */
  unreadCount: z.number().int(),
  pagination: PaginationSchema.extend({ totalNotifications: z.number().int() }),
});
export type NotificationListData = z.infer<typeof NotificationListDataSchema>;
export const NotificationListResponseSchema = envelope(NotificationListDataSchema);

const SEND_IDS_OR_ALL =
  'Send { ids: [...] } to mark some notifications read, or { all: true } for all of them';

/**
 * POST /api/notifications/read: exactly one of `ids` (1–100 of mine; others' are left as they are) or
 * `all: true`.
 */
export const MarkReadSchema = z
  .strictObject(
    {
      ids: z
        .array(z.string({ error: 'Each id must be text' }).max(100, 'That is not a notification id'), {
          error: 'Ids must be a list of notification ids',
        })
        .min(1, 'Send at least one id')
        .max(MARK_READ_IDS_MAX, `At most ${MARK_READ_IDS_MAX} ids at a time; use { all: true } for all`)
        .optional(),
      all: z.literal(true, { error: 'All must be true (to mark every notification read)' }).optional(),
    },
    // Not an object at all; an unknown key keeps its own message ("Unknown field ...").
    { error: (issue) => (issue.code === 'invalid_type' ? SEND_IDS_OR_ALL : undefined) },
  )
  .refine((b) => !(b.ids !== undefined && b.all !== undefined), {
    message: 'Send either ids or all, not both',
  })
  .refine((b) => b.ids !== undefined || b.all !== undefined, { message: SEND_IDS_OR_ALL })
  .meta({ minProperties: 1, maxProperties: 1 });
export type MarkReadInput = z.input<typeof MarkReadSchema>;

export const UnreadCountSchema = z.object({ unreadCount: z.number().int() });
export const MarkReadResponseSchema = envelope(UnreadCountSchema);

/**
 * The socket event a user's connections receive when a notification is created for them, or when a new one
 * folds into an unread one (the same `_id`, its count and latest details): replace the one with that id.
 */
export const NOTIFICATION_NEW_EVENT = 'notification:new';
export const NotificationEventSchema = z.object({
  notification: NotificationSchema,
  unreadCount: z.number().int(),
});
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;
