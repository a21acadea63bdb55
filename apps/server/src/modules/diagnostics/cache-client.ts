// A Redis connection of the diagnostics' own (REDIS_URL), so a PING measures Redis itself. Commands are never
// queued while it is down: a PING then fails at once instead of waiting for the reconnection.
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

export interface CacheProbeClient {
  /** Round-trip milliseconds of a PING; rejects with why when Redis cannot answer. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

/** Reconnection waits grow to at most this, so a Redis that comes back is seen within a couple of polls. */
const MAX_RECONNECT_DELAY_MS = 1000;

export function createCacheProbeClient(url: string, log: FastifyBaseLogger): CacheProbeClient {
  let lastError: string | null = null;
  let reported = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
  client.on('error', (err: Error) => {
    lastError = err.message || String(err);
    // One line per outage, not one per reconnection attempt.
    if (!reported) log.warn({ service: 'diagnostics', err: lastError }, 'Redis is unreachable');
    reported = true;
  });
  client.on('ready', () => {
    if (reported) log.info({ service: 'diagnostics' }, 'Redis is reachable again');
    lastError = null;
    reported = false;
  });
  // The first connection may still be under way when the first report is asked for: wait for its outcome
  // (connected, or a first error) rather than report an outage that is only the start-up.
  let settle: () => void = () => {};
  const firstOutcome = new Promise<void>((resolve) => {
    settle = resolve;
  });
  client.once('ready', () => settle());
  client.once('error', () => settle());
  client.connect().catch(() => settle());

  return {
    async ping() {
      await firstOutcome;
      if (!client.isReady)
        throw new Error(lastError ? `Redis unreachable: ${lastError}` : 'Redis unreachable');
      const started = performance.now();
      await client.ping();
      return performance.now() - started;
    },
    async close() {
      if (client.isReady) await client.close().catch(() => client.destroy());
      else if (client.isOpen) client.destroy();
    },
  };
}
