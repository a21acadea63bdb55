// One try of one delivery: a `POST` of the body to the webhook's URL, answered within the timeout (connection
// to last byte). What the receiver does is never our failure: a refused address, a name that does not resolve,
// a refused connection, a hang, a redirect (never followed), a non-2xx, or an answer longer than we read (we
// read at most MAX_ANSWER_BYTES and drop the connection) each end as a failed try with a reason in words.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER } from '@mixdesk/contract/webhooks';
import { checkUrlTarget, ForbiddenAddressError, guardedLookup, hostOf } from './url-guard.ts';

/** The most of an answer read; a longer one is a failure (nobody acknowledges with a novel). */
export const MAX_ANSWER_BYTES = 64 * 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;
const USER_AGENT = 'Mixdesk-Webhooks/1';

export interface SendRequest {
  url: string;
  body: string;
  signature: string;
  eventId: string;
  eventType: string;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: no address check. */
  allowPrivate: boolean;
  /** Aborted when the instance stops: the try ends at once (its outcome is not recorded). */
  signal?: AbortSignal;
}

export interface SendOutcome {
  ok: boolean;
  /** The HTTP status, when an answer came. */
  status: number | null;
  durationMs: number;
  /** Why it failed, in words; null when it succeeded. */
  error: string | null;
}

/** A network error in words: the code's meaning, then the message. */
function reasonOf(err: unknown): string {
  if (err instanceof ForbiddenAddressError) return err.message;
  const e = err as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    ECONNREFUSED: 'The connection was refused',
    ECONNRESET: 'The connection was reset',
    ENOTFOUND: 'The host name does not resolve',
    EAI_AGAIN: 'The host name could not be resolved right now',
    EHOSTUNREACH: 'The host cannot be reached',
    ENETUNREACH: 'The network cannot be reached',
    ETIMEDOUT: 'The connection timed out',
    EPIPE: 'The connection was closed while sending',
  };
  const said = (e.code && words[e.code]) || e.message || String(err);
  return said.slice(0, 500);
}

/** Sends one try; never throws. */
export async function sendDelivery(request: SendRequest): Promise<SendOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { ok: false, status: null, durationMs: 0, error: 'The URL is not valid' };
  }
  // An IP literal is connected to without a lookup: checked here. A name is checked by the lookup itself.
  if (!request.allowPrivate && isIP(hostOf(url))) {
    try {
      await checkUrlTarget(url);
    } catch (err) {
      return { ok: false, status: null, durationMs: took(), error: reasonOf(err) };
    }
  }
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req.destroy();
      resolve({ ...outcome, durationMs: took() });
    };
    const seconds = request.timeoutMs / 1000;
    const deadline = setTimeout(
      () => finish({ ok: false, status: null, error: `No answer within ${seconds} s: timed out` }),
      request.timeoutMs,
    );
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      // One connection per try: nothing pooled to an address checked earlier.
      agent: false,
      ...(request.allowPrivate ? {} : { lookup: guardedLookup }),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(request.body),
        'user-agent': USER_AGENT,
        [WEBHOOK_SIGNATURE_HEADER]: request.signature,
        'Mixdesk-Event-Id': request.eventId,
        'Mixdesk-Event-Type': request.eventType,
      },
    });
    req.on('error', (err) => finish({ ok: false, status: null, error: reasonOf(err) }));
    const stop = () => finish({ ok: false, status: null, error: 'The server stopped during the try' });
    if (request.signal?.aborted) stop();
    request.signal?.addEventListener('abort', stop, { once: true });
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        const to = res.headers.location ? ` to ${String(res.headers.location).slice(0, 200)}` : '';
        return finish({
          ok: false,
          status,
          error: `The receiver redirected (${status}${to}): redirects are not followed`,
        });
      }
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES)
          finish({
            ok: false,
            status,
            error: `The answer was longer than ${MAX_ANSWER_BYTES / 1024} KiB: it was cut off`,
          });
      });
      res.on('error', (err) => finish({ ok: false, status, error: reasonOf(err) }));
      res.on('end', () => {
        const ok = status >= 200 && status < 300;
        finish({ ok, status, error: ok ? null : `The receiver answered ${status}` });
      });
    });
    req.end(request.body);
  });
}
