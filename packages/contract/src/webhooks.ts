// Signed webhooks (issue #38): a URL of the user's that is sent, as `POST` JSON, every stored event they may
// see (their projects' activity, their documents' audit events), signed with a secret shown once. Shapes
// shared by the server (validation, answers) and the web (Settings › Webhooks and its delivery log).
import { z } from 'zod';
import { oneLine, text } from './auth.ts';
// Types only: the web's settings screen must not load the dashboard's and documents' schemas for two lists.
import type { ActivityKind } from './dashboard.ts';
import type { AUDIT_EVENT_TYPES } from './document-responses.ts';
import { envelope, PaginationSchema, pageQueryFields } from './envelope.ts';

/** Webhooks one account may have. */
export const WEBHOOKS_PER_USER_MAX = 20;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** The header every delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Mixdesk-Signature';
/** Every event, present and future. */
export const ALL_WEBHOOK_EVENTS = '*';

type DocumentEventType = `document_${(typeof AUDIT_EVENT_TYPES)[number]}`;

/** Each activity kind of a project (the feed's one `document_event` kind is named event by event below). */
const PROJECT_EVENT_TYPES = [
  'project_created',
  'collaborator_added',
  'track_added',
  'version_uploaded',
  'version_mastered',
  'file_uploaded',
  'comment_added',
  'version_reviewed',
] as const satisfies readonly Exclude<ActivityKind, 'document_event'>[];

/** Each document/signing event: its audit event's type, as `document_<type>`. */
const DOCUMENT_EVENT_TYPES = [
  'document_created',
  'document_updated',
  'document_sent',
  'document_viewed',
  'document_signed',
  'document_rejected',
  'document_completed',
  'document_downloaded',
  'document_voided',
  'document_paid',
] as const satisfies readonly DocumentEventType[];

/** What a webhook may ask for. The type check below fails when an activity kind or audit event is missing. */
export const WEBHOOK_EVENT_TYPES: readonly string[] = [...PROJECT_EVENT_TYPES, ...DOCUMENT_EVENT_TYPES];
type Missing =
  | Exclude<Exclude<ActivityKind, 'document_event'>, (typeof PROJECT_EVENT_TYPES)[number]>
  | Exclude<DocumentEventType, (typeof DOCUMENT_EVENT_TYPES)[number]>;
const everyEventIsNamed: [Missing] extends [never] ? true : Missing = true;
void everyEventIsNamed;

const KNOWN_EVENTS = new Set<string>([...WEBHOOK_EVENT_TYPES, ALL_WEBHOOK_EVENTS]);

const WebhookUrlSchema = text('URL')
  .trim()
  .min(1, 'URL is required')
  .max(WEBHOOK_URL_MAX, `URL must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'URL must be an http:// or https:// address')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'URL must not carry a user name or password');

/** The event list: `['*']` for all, or known types; an unknown one is refused by name. */
const WebhookEventsSchema = z
  .array(text('Event').max(100, 'Event is not a known event'), { error: 'Events must be a list' })
  .min(1, 'Choose at least one event, or "*" for all')
  .max(WEBHOOK_EVENT_TYPES.length + 1, 'Events lists an event more than once')
  .superRefine((events, ctx) => {
    for (const [index, event] of events.entries())
      if (!KNOWN_EVENTS.has(event))
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: `Unknown event "${event}": use "*" or one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
        });
  })
  // One list, in a stable order: "*" stands for everything alone.
  .transform((events) =>
    events.includes(ALL_WEBHOOK_EVENTS)
      ? [ALL_WEBHOOK_EVENTS]
      : WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)),
  );

const WebhookDescriptionSchema = text('Description')
  .overwrite(oneLine)
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`);

export const CreateWebhookSchema = z.strictObject({
  url: WebhookUrlSchema,
  events: WebhookEventsSchema,
  description: WebhookDescriptionSchema.optional().default(''),
});
export type CreateWebhookInput = z.input<typeof CreateWebhookSchema>;

/** PUT: the fields to change (at least one); `enabled: true` turns a disabled webhook back on. */
export const UpdateWebhookSchema = z
  .strictObject({
    url: WebhookUrlSchema.optional(),
    events: WebhookEventsSchema.optional(),
    description: WebhookDescriptionSchema.optional(),
    enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Send at least one of url, events, description or enabled',
  });
export type UpdateWebhookInput = z.input<typeof UpdateWebhookSchema>;

const id = (label: string) =>
  text(label).min(1, `${label} is required`).max(100, `${label} is not a valid id`);

export const WebhookParamsSchema = z.object({ id: id('Webhook id') });
export const WebhookDeliveryParamsSchema = z.object({ id: id('Webhook id'), deliveryId: id('Delivery id') });

export const WebhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it was turned off (failing for 3 days), or null. */
  disabledReason: z.string().nullable(),
  /** Since when every try has failed; null once one succeeds. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event sent to one webhook, with its tries: `pending` until a 2xx or the last retry. */
export const WebhookDeliverySchema = z.object({
  _id: z.string(),
  webhookId: z.string(),
  /** The event's id, the same on every try and every redelivery. */
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The last try's HTTP status; null before any answer (a timeout, a refused address, no try yet). */
  responseCode: z.number().int().nullable(),
  /** How long the last try took, in milliseconds. */
  durationMs: z.number().int().nullable(),
  attempts: z.number().int(),
  /** When the next try is due; null once delivered or given up. */
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** Why the last try failed, in words. */
  error: z.string().nullable(),
  /** The delivery this one sends again (Redeliver), or null. */
  redeliveryOf: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = z.object(pageQueryFields(100, 20));

export const CreatedWebhookResponseSchema = envelope(
  z.object({
    webhook: WebhookSchema,
    /** The signing secret, shown this once; the server keeps it sealed and never answers it again. */
    secret: z.string(),
  }),
);
export type CreatedWebhook = z.infer<typeof CreatedWebhookResponseSchema>['data'];
export const WebhookResponseSchema = envelope(z.object({ webhook: WebhookSchema }));
export const WebhookListResponseSchema = envelope(z.object({ webhooks: z.array(WebhookSchema) }));
export const WebhookDeliveriesResponseSchema = envelope(
  z.object({
    deliveries: z.array(WebhookDeliverySchema),
    pagination: PaginationSchema.extend({ total: z.number().int() }),
  }),
);
export const WebhookDeliveryResponseSchema = envelope(z.object({ delivery: WebhookDeliverySchema }));

/** What a delivery's body holds: the event, the same on every try. */
export const WebhookEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  createdAt: z.string(),
  data: z.object({
    /** A sentence a person reads: "Ana added the track 'Intro' to Night Drive". */
    summary: z.string(),
    /** Where in the app it leads (absolute). */
    url: z.string(),
    project: z.object({ _id: z.string(), title: z.string() }).nullable(),
    actor: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
    /** What it is about: a track, version, file, comment or document, and its name then. */
    subject: z.object({ _id: z.string(), name: z.string().nullable() }).nullable(),
    /** A second name where one is needed (a version's track, a collaborator's role), or null. */
    detail: z.string().nullable(),
  }),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
