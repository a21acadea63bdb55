// Every event the server sends over the realtime connection, with its payload's schema: the server can send
// only these names with these shapes (platform/context.ts types `toProject` and `toUser` by this map), and the
// web listens by the same names and reads each payload with the same schema (apps/web/src/lib/realtime.ts).
// What a client may send is CLIENT_EVENTS in realtime.ts.
import { z } from 'zod';
import { ActivityEventSchema } from './activity.ts';
import { CommentDeletedEventSchema, CommentEventSchema, CommentLikedEventSchema } from './comments.ts';
import { JobSchema } from './jobs.ts';
import { NotificationEventSchema } from './notifications.ts';
import { PresenceStatusSchema, RealtimeErrorSchema } from './realtime.ts';
import { ReviewUpdatedEventSchema } from './reviews.ts';

/** One person in a project's room: their status and when they were last seen (ISO time). */
export const PresenceEntrySchema = z.object({
  userId: z.string(),
  status: z.string(),
  lastSeen: z.union([z.string(), z.number()]).transform(String),
});
export type PresenceEntry = z.infer<typeof PresenceEntrySchema>;

const someone = { projectId: z.string(), userId: z.string() };

/** Server events and their payloads. */
export const SERVER_EVENTS = {
  // Project rooms: who is here (presence:update is the whole list, sent at most once per 50 ms per room).
  'presence:update': z.object({ projectId: z.string(), users: z.array(PresenceEntrySchema) }),
  'user:joined': z.object(someone),
  'user:left': z.object(someone),
  'user:status:changed': z.object({ ...someone, status: PresenceStatusSchema }),
  // Project rooms: what changed in the project.
  'comment:new': CommentEventSchema,
  'comment:updated': CommentEventSchema,
  'comment:deleted': CommentDeletedEventSchema,
  'comment:liked': CommentLikedEventSchema,
  'review:updated': ReviewUpdatedEventSchema,
  'job:updated': JobSchema,
  // A project's room, or one person's own room for what only they may see.
  'activity:new': ActivityEventSchema,
  // One person's own room.
  'notification:new': NotificationEventSchema,
  // The one connection whose event was refused.
  error: RealtimeErrorSchema,
} as const;
export type ServerEvent = keyof typeof SERVER_EVENTS;
/** What the server sends with `event` (before the schema's transforms). */
export type ServerEventPayload<E extends ServerEvent> = z.input<(typeof SERVER_EVENTS)[E]>;
/** The server's events as Socket.IO types them: the server's `emit` takes only these names and payloads. */
export type ServerToClientEvents = { [E in ServerEvent]: (payload: ServerEventPayload<E>) => void };
/** What a listener receives for `event`, read by its schema. */
export type ServerEventData<E extends ServerEvent> = z.output<(typeof SERVER_EVENTS)[E]>;

/** Events about a project's content that screens subscribe to (presence and errors are the connection's own). */
export const LIVE_EVENTS = [
  'comment:new',
  'comment:updated',
  'comment:deleted',
  'comment:liked',
  'review:updated',
  'job:updated',
  'activity:new',
  'notification:new',
] as const satisfies readonly ServerEvent[];
export type LiveEvent = (typeof LIVE_EVENTS)[number];
