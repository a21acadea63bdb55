// What a client may send over the realtime connection (Socket.IO on the API's port), validated by the
// server before anything changes; a payload that does not parse gets an `error` event with the message.
import { z } from 'zod';

export const PRESENCE_STATUSES = ['online', 'away', 'busy'] as const;
export const PresenceStatusSchema = z.enum(PRESENCE_STATUSES, {
  error: `Status must be one of: ${PRESENCE_STATUSES.join(', ')}`,
});
export type PresenceStatus = z.infer<typeof PresenceStatusSchema>;

const PROJECT_ID_REQUIRED = 'A project id is required';
const projectId = z
  .string({ error: PROJECT_ID_REQUIRED })
  .min(1, PROJECT_ID_REQUIRED)
  .max(100, 'That is not a project id');

/** join:project and leave:project: `{ projectId }`, or the id as a plain string; read as the id. */
export const ProjectRoomPayloadSchema = z.preprocess(
  (p) => (typeof p === 'object' && p !== null ? (p as { projectId?: unknown }).projectId : p),
  projectId,
);
export type ProjectRoomPayload = string | { projectId: string };

/** presence:update: the sender's status in every project room it is in. */
export const PresenceUpdatePayloadSchema = z.object(
  { status: PresenceStatusSchema },
  { error: `Send { status }, one of: ${PRESENCE_STATUSES.join(', ')}` },
);
export type PresenceUpdatePayload = z.infer<typeof PresenceUpdatePayloadSchema>;

/** The `error` event the server sends: a sentence a person (or a developer's console) can read. */
export const RealtimeErrorSchema = z.object({ message: z.string() });
export type RealtimeError = z.infer<typeof RealtimeErrorSchema>;

/** The message of the `error` a socket gets, at most once a second, while its events are being dropped. */
export const REALTIME_TOO_MANY_EVENTS = 'Too many events; slow down';

/** Client events and their payload schemas. */
export const CLIENT_EVENTS = {
  'join:project': ProjectRoomPayloadSchema,
  'leave:project': ProjectRoomPayloadSchema,
  'presence:update': PresenceUpdatePayloadSchema,
} as const;
export type ClientEvent = keyof typeof CLIENT_EVENTS;
