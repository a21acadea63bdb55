// The webhooks area's tables (migration 0039-webhooks): a user's webhooks, the event types each asks for, and
// the deliveries the `activities_webhooks` trigger writes with each event.
import type { ColumnType } from 'kysely';
import type { Bool, Timestamp } from '../../db/schema.ts';

export interface WebhooksTable {
  id: string;
  owner_id: string;
  url: string;
  description: string;
  secret_sealed: string;
  enabled: Bool;
  disabled_reason: string | null;
  failing_since: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookSubscriptionsTable {
  webhook_id: string;
  /** An event type, or '*' for every one. */
  event_type: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  event_created_at: Timestamp;
  project_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  subject_id: string | null;
  subject: string | null;
  detail: string | null;
  body: ColumnType<string | null, string | null | undefined, string | null>;
  status: DeliveryStatus;
  attempts: ColumnType<number, number, number>;
  next_attempt_at: Timestamp | null;
  lease_id: ColumnType<string | null, string | null | undefined, string | null>;
  lease_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  last_attempt_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  response_code: ColumnType<number | null, number | null | undefined, number | null>;
  duration_ms: ColumnType<number | null, number | null | undefined, number | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  redelivery_of: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    webhooks: WebhooksTable;
    webhook_subscriptions: WebhookSubscriptionsTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
