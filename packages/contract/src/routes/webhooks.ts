// The webhooks' routes (issue #38), declared once for the server and the web (../routes.ts): a signed-in
// user's webhooks, made (the secret answered once), listed, read, changed and removed, and each one's delivery
// log with Redeliver. Someone else's webhook or delivery answers 404, as a missing one does.
import { OkSchema } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';
import {
  CreatedWebhookResponseSchema,
  CreateWebhookSchema,
  UpdateWebhookSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliveryResponseSchema,
  WebhookListResponseSchema,
  WebhookParamsSchema,
  WebhookResponseSchema,
} from '../webhooks.ts';

export const webhookRoutes = defineRoutes('webhook', {
  create: {
    method: 'POST',
    path: '/api/webhooks',
    summary: 'Create a webhook; the answer holds its signing secret, this once',
    body: CreateWebhookSchema,
    status: 201,
    response: CreatedWebhookResponseSchema,
    errors: [409],
  },
  list: {
    method: 'GET',
    path: '/api/webhooks',
    summary: 'List my webhooks',
    response: WebhookListResponseSchema,
  },
  get: {
    method: 'GET',
    path: '/api/webhooks/:id',
    summary: 'Read one of my webhooks',
    params: WebhookParamsSchema,
    response: WebhookResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/webhooks/:id',
    summary: 'Change a webhook’s URL, events, description, or turn it on or off',
    params: WebhookParamsSchema,
    body: UpdateWebhookSchema,
    response: WebhookResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/webhooks/:id',
    summary: 'Delete a webhook and its delivery log',
    params: WebhookParamsSchema,
    response: OkSchema,
  },
  deliveries: {
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    summary: 'A webhook’s delivery log, newest first',
    params: WebhookParamsSchema,
    query: WebhookDeliveriesQuerySchema,
    response: WebhookDeliveriesResponseSchema,
  },
  redeliver: {
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    summary: 'Send a delivery’s event again now, with the same event id',
    params: WebhookDeliveryParamsSchema,
    response: WebhookDeliveryResponseSchema,
    errors: [409],
  },
});
