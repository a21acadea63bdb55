// The Socket.IO Redis adapter behind realtime.ts when REDIS_URL is set: two clients (publish, subscribe), one
// log line when Redis goes and one when it is back, publishes that fail logged rather than left unhandled, and
// clients let go at once when the app closes.
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import type { Server } from 'socket.io';

/**
 * With REDIS_URL, events fan out through Redis so every instance's sockets receive them. Answers whether Redis
 * is reachable right now: while it is not, an event still reaches this instance's sockets (the adapter sends
 * locally whatever happens to its publish), and questions to every instance are asked of this one alone.
 */
export async function useRedisAdapter(
  app: FastifyInstance,
  io: Server,
  redisUrl: string,
): Promise<() => boolean> {
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  // One line when Redis goes (not one per reconnection attempt of each client), one when both are back.
  let reported = false;
  for (const client of [pub, sub]) {
    client.on('error', (err: Error) => {
      if (reported) return;
      reported = true;
      app.log.error(
        { service: 'realtime', err: err.message || err.name },
        "Redis is unreachable: live events reach this instance's sockets only",
      );
    });
    client.on('ready', () => {
      if (!reported || !pub.isReady || !sub.isReady) return;
      reported = false;
      app.log.info({ service: 'realtime' }, 'Redis is reachable again: live events reach every instance');
    });
  }
  await Promise.all([pub.connect(), sub.connect()]);
  // The adapter publishes without waiting for the answer; a publish that fails (Redis slow past the
  // client's command timeout, or gone) would reject with nobody listening and end the process. It is
  // logged instead: that event misses the other instances, as it would with Redis down.
  const publish = pub.publish.bind(pub);
  Object.defineProperty(pub, 'publish', {
    value: (...args: Parameters<typeof publish>) =>
      publish(...args).catch((err: unknown) => {
        app.log.error({ service: 'realtime', err }, 'Could not publish a realtime event to Redis');
        return 0;
      }),
  });
  io.adapter(createAdapter(pub, sub));
  // A client waiting to reconnect would hold the shutdown until Redis is back: it is let go at once.
  const closeClient = async (client: typeof pub) => {
    if (client.isReady) await client.close();
    else if (client.isOpen) client.destroy();
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([closeClient(pub), closeClient(sub)]);
  });
  return () => pub.isReady && sub.isReady;
}
