// What the webhooks' tests share: a real HTTP receiver (node:http) that keeps what it was sent and answers as a
// test says, the signature checked the way a receiver would (node:crypto's HMAC, not our signing code), and a
// webhook made through the API.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { bearer, type SignedIn } from '../../../test/helper.ts';

export interface Received {
  method: string;
  /** The path it was sent to. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: the event as sent, read freely by the tests
  event: any;
  /** Date.now() when it arrived (the real clock: performance-based tests do not fake it). */
  at: number;
  /** The status the receiver answered. */
  status: number;
}

/** How the receiver answers one request: a status, or the test takes the response over (and answers null). */
export type Behaviour = (req: IncomingMessage, res: ServerResponse, body: string) => number | null;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Replaced by a test to answer otherwise (default: 200). */
  behave: Behaviour;
  close(): Promise<void>;
}

export async function startReceiver(behave: Behaviour = () => 200): Promise<Receiver> {
  const receiver: Receiver = { url: '', port: 0, received: [], behave, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = receiver.behave(req, res, body);
      let event: unknown = null;
      try {
        event = JSON.parse(body);
      } catch {
        // kept as text
      }
      receiver.received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        event,
        at: Date.now(),
        status: status ?? -1,
      });
      if (status !== null) res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  // A receiver that answers forever sees its reader go away: that is not a test failure.
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/**
 * Whether `header` (`t=<unix seconds>,v1=<hex>`) signs `body` with `secret`: HMAC-SHA256 of "<t>.<body>", as
 * any receiver following the documentation would check it.
 */
export function signedBy(secret: string, header: string | string[] | undefined, body: string): boolean {
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  if (!/^\d+$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${parts.t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1!, 'hex'));
}

export async function createWebhook(
  app: FastifyInstance,
  who: SignedIn,
  body: { url: string; events: string[]; description?: string },
): Promise<{ id: string; secret: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(who.token),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`create webhook failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data;
  return { id: data.webhook._id, secret: data.secret };
}

export async function deliveriesOf(app: FastifyInstance, who: SignedIn, webhookId: string, limit = 100) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/webhooks/${webhookId}/deliveries?limit=${limit}`,
    headers: bearer(who.token),
  });
  if (res.statusCode !== 200) throw new Error(`deliveries failed: ${res.statusCode} ${res.body}`);
  return res.json().data.deliveries as {
    _id: string;
    eventId: string;
    eventType: string;
    status: string;
    responseCode: number | null;
    durationMs: number | null;
    attempts: number;
    nextAttemptAt: string | null;
    lastAttemptAt: string | null;
    error: string | null;
    redeliveryOf: string | null;
  }[];
}

/** Settings for an app whose webhooks reach a receiver on this machine, looked for every 20 ms. */
export const LOCAL_RECEIVERS = { webhookAllowPrivate: true, webhookSweepMs: 20 } as const;
