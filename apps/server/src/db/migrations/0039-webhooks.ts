// Signed webhooks (issue #38, decision 044). `webhooks` are a user's URLs with a sealed signing secret;
// `webhook_subscriptions` the event types each asks for ('*': all); `webhook_deliveries` one event sent to one
// webhook, with its tries. A trigger on `activities` writes the deliveries in the same transaction as the
// event, whatever code records it (services, other triggers, cascades): an event committed is an event that
// will be delivered, and one rolled back never is. Who gets an event is who may see it, as the feed's fan-out
// says: its one audience (a document's owner), else everyone on its project. The delivery keeps what the
// event said then (its columns), so it is sent even once the project or document is gone.
import { sql } from 'kysely';
import {
  columnTypes,
  createRowTrigger,
  dropRowTrigger,
  isPostgres,
  type MigrationDb,
} from '../migration-helpers.ts';

/** The webhook event type of an activity row `new`: a document's audit event is `document_<type>`. */
const EVENT_TYPE = `case when new.kind = 'document_event' then 'document_' || coalesce(new.detail, '')
  else new.kind end`;

/** The webhooks whose owner may see `new`, that are on and ask for its type. */
const MATCHING = `from webhooks w
  where w.enabled
    and (w.owner_id = new.audience_user_id or (new.audience_user_id is null and w.owner_id in (
      select owner_id from projects where id = new.project_id
      union select user_id from project_collaborators where project_id = new.project_id)))
    and exists (select 1 from webhook_subscriptions s
      where s.webhook_id = w.id and s.event_type in ('*', ${EVENT_TYPE}))`;

const deliveriesOf = (pg: boolean) => `insert into webhook_deliveries (id, webhook_id, event_id, event_type,
    event_created_at, project_id, actor_id, actor_name, subject_id, subject, detail, status, attempts,
    next_attempt_at, created_at)
  select ${pg ? `md5(random()::text || clock_timestamp()::text || w.id || new.id)` : 'lower(hex(randomblob(16)))'},
    w.id, new.id, ${EVENT_TYPE}, new.created_at, new.project_id, new.actor_id, new.actor_name, new.subject_id,
    new.subject, new.detail, 'pending', 0, new.created_at, new.created_at
  ${MATCHING};`;

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  const pg = isPostgres(db);
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    /** The signing secret, sealed (AES-256-GCM under a key derived from JWT_SECRET). */
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('enabled', t.bool, (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    /** The first failed try since the last success; null while it delivers. */
    .addColumn('failing_since', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_owner').on('webhooks').columns(['owner_id', 'created_at']).execute();
  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_subscriptions_pk', ['webhook_id', 'event_type'])
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_created_at', t.timestamp, (c) => c.notNull())
    // The event as recorded (the activity's columns): no foreign keys, the event outlives its subject.
    .addColumn('project_id', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('subject', 'text')
    .addColumn('detail', 'text')
    /** The JSON body, written at the first try so that every try sends the same bytes. */
    .addColumn('body', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', t.timestamp)
    /** The try that holds the delivery (one instance sends a given try) and until when. */
    .addColumn('lease_id', 'text')
    .addColumn('lease_until', t.timestamp)
    .addColumn('last_attempt_at', t.timestamp)
    .addColumn('response_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('redelivery_of', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_log')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at'])
    .execute();
  // What is due, in order: only the pending deliveries are in it, however long the log grows.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['next_attempt_at'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await createRowTrigger(db, 'activities_webhooks', 'insert on activities', deliveriesOf(pg));
}

export async function down(db: MigrationDb): Promise<void> {
  await dropRowTrigger(db, 'activities_webhooks', 'activities');
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_subscriptions').execute();
  await db.schema.dropTable('webhooks').execute();
}
