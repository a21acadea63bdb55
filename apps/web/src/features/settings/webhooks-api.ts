// Settings › Webhooks: the calls (list, create, change, delete, the delivery log, Redeliver) and what each event
// type is called on screen.
import { webhookRoutes as routes } from '@mixdesk/contract/routes/webhooks';
import {
  ALL_WEBHOOK_EVENTS,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  WEBHOOK_EVENT_TYPES,
} from '@mixdesk/contract/webhooks';
import { call } from '../../lib/call';

export const WEBHOOKS_QUERY_KEY = ['webhooks'] as const;
export const deliveriesQueryKey = (webhookId: string, page: number) =>
  ['webhooks', webhookId, 'deliveries', page] as const;

export async function fetchWebhooks() {
  return (await call(routes.list, {})).data.webhooks;
}

export async function createWebhook(body: CreateWebhookInput) {
  return (await call(routes.create, { body })).data;
}

export async function updateWebhook(id: string, body: UpdateWebhookInput) {
  return (await call(routes.update, { params: { id }, body })).data.webhook;
}

export function deleteWebhook(id: string) {
  return call(routes.remove, { params: { id } });
}

export const DELIVERIES_PAGE_SIZE = 20;

export async function fetchDeliveries(id: string, page: number) {
  return (await call(routes.deliveries, { params: { id }, query: { page, limit: DELIVERIES_PAGE_SIZE } }))
    .data;
}

export async function redeliver(id: string, deliveryId: string) {
  return (await call(routes.redeliver, { params: { id, deliveryId } })).data.delivery;
}

/** Each event type in words, in the two groups the form shows them in. */
export const EVENT_GROUPS: { title: string; events: [type: string, label: string][] }[] = [
  {
    title: 'Projects',
    events: [
      ['project_created', 'Project created'],
      ['collaborator_added', 'Collaborator joined'],
      ['track_added', 'Track added'],
      ['version_uploaded', 'Version uploaded'],
      ['version_mastered', 'Master made'],
      ['file_uploaded', 'File uploaded'],
      ['comment_added', 'Comment added'],
      ['version_reviewed', 'Version reviewed'],
    ],
  },
  {
    title: 'Documents and signing',
    events: [
      ['document_created', 'Document created'],
      ['document_updated', 'Document edited'],
      ['document_sent', 'Sent for signature'],
      ['document_viewed', 'Opened by a signer'],
      ['document_signed', 'Signed'],
      ['document_rejected', 'Declined to sign'],
      ['document_completed', 'Completed'],
      ['document_downloaded', 'Downloaded'],
      ['document_voided', 'Voided'],
      ['document_paid', 'Marked paid'],
    ],
  },
];

const LABELS = new Map(EVENT_GROUPS.flatMap((g) => g.events));

/** An event type in words (its own name for one this screen does not know yet). */
export const eventLabel = (type: string) => LABELS.get(type) ?? type;

/** A webhook's events in a line: "All events", or the first few in words and how many more. */
export function eventsSummary(events: string[], shown = 3): string {
  if (events.includes(ALL_WEBHOOK_EVENTS)) return 'All events';
  const words = events.map(eventLabel);
  return words.length <= shown
    ? words.join(', ')
    : `${words.slice(0, shown).join(', ')} and ${words.length - shown} more`;
}

/** Every type the contract knows has a label here (the contract's list is the one to follow). */
export const UNLABELLED_EVENTS = WEBHOOK_EVENT_TYPES.filter((type) => !LABELS.has(type));
