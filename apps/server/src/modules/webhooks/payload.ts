// The body of a delivery: `{ id, type, createdAt, data }`, where `id` is the stored event's (the activity's id,
// the same for every webhook, try and redelivery) and `data` is the event as the activity feed tells it (its
// sentence and link, its project and actor by their names now, what it is about). Written once, with the claim
// of the first try, so that every try sends the same bytes.
import { ACTIVITY_KINDS, type ActivityKind } from '@mixdesk/contract/dashboard';
import type { WebhookEvent } from '@mixdesk/contract/webhooks';
import { presentActivity } from '../activity/public.ts';
import type { EventRow } from './deliveries-repo.ts';

const KINDS = new Set<string>(ACTIVITY_KINDS);

/** The activity kind of an event id (`<kind>:<subject>`, db/activity-ids.ts). */
const kindOf = (eventId: string) => eventId.slice(0, Math.max(0, eventId.indexOf(':')));

/** The body of `row`'s event; links are made absolute with `appUrl`. */
export function eventBody(appUrl: string, row: EventRow): string {
  const projectTitle = row.project_title;
  const actorName = row.actor_now;
  const kind = kindOf(row.event_id);
  const told = KINDS.has(kind)
    ? presentActivity({
        id: row.event_id,
        kind: kind as ActivityKind,
        project_id: row.project_id,
        project_title: projectTitle,
        actor_id: row.actor_id,
        actor_name: actorName,
        subject_id: row.subject_id,
        subject: row.subject,
        detail: row.detail,
        created_at: row.event_created_at,
      })
    : // A kind newer than this code tells: said by its name.
      { summary: row.event_type, link: '/' };
  const event: WebhookEvent = {
    id: row.event_id,
    type: row.event_type,
    createdAt: row.event_created_at,
    data: {
      summary: told.summary,
      url: `${appUrl}${told.link}`,
      project: row.project_id ? { _id: row.project_id, title: projectTitle ?? '' } : null,
      actor: actorName ? { _id: row.actor_id, name: actorName } : null,
      subject: row.subject_id ? { _id: row.subject_id, name: row.subject } : null,
      detail: row.detail,
    },
  };
  return JSON.stringify(event);
}
