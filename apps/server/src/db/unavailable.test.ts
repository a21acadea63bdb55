// Requests that meet a PostgreSQL taken away (behind a relay the test cuts, or a server that accepts and never
// answers) get a 503 a person can read, within seconds, and the same app serves again once it is back.
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  TEST_DATABASE_URL,
  TEST_DIALECT,
  type TestApp,
} from '../../test/helper.ts';
import { startRelay, until } from '../../test/services.ts';
import { randomToken } from '../platform/ids.ts';
import { listen, open } from '../platform/realtime/realtime-testing.ts';
import { CONNECT_TIMEOUT_MS } from './database.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './unavailable.ts';

const ANSWER_WITHIN_MS = 5_000;
const target = new URL(TEST_DATABASE_URL);
const upstream = { host: target.hostname, port: Number(target.port || 5432) };

type Relay = Awaited<ReturnType<typeof startRelay>>;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An app on a fresh schema whose database connections all go through a relay the test holds. */
async function appBehindRelay(): Promise<{
  t: TestApp;
  relay: () => Relay;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
}> {
  let relay = await startRelay(upstream);
  let relayUp = true;
  const schema = `t_unavailable_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  const url = new URL(TEST_DATABASE_URL);
  url.port = String(relay.port);
  const port = relay.port;
  const restore = async () => {
    if (relayUp) return;
    relay = await startRelay(upstream, port);
    relayUp = true;
  };
  const cut = async () => {
    await relay.stop();
    relayUp = false;
  };
  const t = await createTestApp({ database: { kind: 'postgres', url: url.toString(), schema } });
  cleanups.push(async () => {
    // The app closes through the relay: it is given back first.
    await restore();
    await t.close();
    await relay.stop();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });
  return { t, relay: () => relay, cut, restore };
}

/** A server on `port` that accepts connections and never says a word, as a database host that hangs. */
async function silentServer(port: number) {
  const held = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    held.add(socket);
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    async stop() {
      for (const s of held) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
};

function expectUnavailable(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(res.json()).toEqual({
    success: false,
    message: DATABASE_UNAVAILABLE_MESSAGE,
    error: { code: 'SERVICE_UNAVAILABLE' },
  });
}

describe.runIf(TEST_DIALECT === 'postgres')('requests while PostgreSQL is away', () => {
  it('answer 503 with Retry-After within seconds, are logged once, and succeed again once it is back', async () => {
    const { t, cut, restore } = await appBehindRelay();
    const who = await registerUser(t.app);
    const list = () => t.app.inject({ url: '/api/projects', headers: bearer(who.token) });
    expect((await list()).statusCode).toBe(200);

    await cut();
    const requests = [
      list,
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/clients',
          headers: bearer(who.token),
          payload: { name: 'Lost Client', email: 'lost@example.com' },
        }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: who.user.email, password: who.password },
        }),
    ];
    for (const send of requests) {
      const { result, ms } = await timed(send);
      expectUnavailable(result);
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    const logs = t.logs();
    expect(logs.split('The database is not answering').length - 1).toBe(1);
    expect(logs).not.toContain('Unhandled error');

    await restore();
    await until(async () => (await list()).statusCode === 200, 10_000, 'the list to answer again');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: bearer(who.token),
      payload: { name: 'Found Client', email: 'found@example.com' },
    });
    expect(created.statusCode).toBe(201);
  });

  it('answer 503 within seconds when the server accepts connections and never answers', async () => {
    const { t, cut, relay, restore } = await appBehindRelay();
    const who = await registerUser(t.app);
    await cut();
    const silent = await silentServer(relay().port);
    try {
      // Every connection the pool had is gone: the request needs a new one, from a server that never answers.
      const pool = () => t.app.database.stats() as { total: number };
      await until(async () => pool().total === 0, 5_000, 'the pool to drop its cut connections');
      const { result, ms } = await timed(() =>
        t.app.inject({ url: '/api/projects', headers: bearer(who.token) }),
      );
      expectUnavailable(result);
      expect(ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    } finally {
      await silent.stop();
    }
    await restore();
    await until(
      async () =>
        (await t.app.inject({ url: '/api/projects', headers: bearer(who.token) })).statusCode === 200,
      10_000,
      'the list to answer again',
    );
  });

  it('a live connection is told the database is away, not that its token is bad', async () => {
    const { t, cut, restore } = await appBehindRelay();
    const url = await listen(t);
    const who = await registerUser(t.app);
    const connected = await open(url, who.token);
    connected.close();

    await cut();
    // The session was remembered for a second: the first tries may still get in.
    let refusal: Error | undefined;
    await until(
      async () => {
        try {
          (await open(url, who.token)).close();
          return false;
        } catch (err) {
          refusal = err as Error;
          return true;
        }
      },
      ANSWER_WITHIN_MS,
      'a new connection to be refused',
    );
    expect(refusal?.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    expect((refusal as Error & { data?: unknown }).data).toEqual({ code: 'SERVICE_UNAVAILABLE' });

    await restore();
    await until(
      async () =>
        open(url, who.token).then(
          (s) => {
            s.close();
            return true;
          },
          () => false,
        ),
      10_000,
      'a new connection to be let in again',
    );
  });
});
