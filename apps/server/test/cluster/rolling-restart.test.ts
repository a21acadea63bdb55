// A rolling restart under load: through nginx, a steady mix of reads and writes, one long upload and 200 live
// sockets, while each instance in turn is stopped (SIGTERM) and started again. Nothing may fail: no request,
// no acknowledged write, no socket that does not come back.
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_NAMES } from '../../src/config-rate-limits.ts';
import { addTrack, projectWithPeople, sineWav } from '../../src/modules/media/media-testing.ts';
import { bearer, registerUser, type SignedIn } from '../helper.ts';
import { until } from '../services.ts';
import { type Cluster, endpoint, nginxAvailable, restartInstance, startCluster } from './cluster-services.ts';

const SOCKETS = 200;
const WORKERS = 8;

let c: Cluster;
let lb: FastifyInstance;
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!nginxAvailable()) return;
  // A load test's counts: the per-client request limits raised past them, as RATE_LIMIT_<NAME> would.
  c = await startCluster(
    Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [`RATE_LIMIT_${name.toUpperCase()}`, '1000000'])),
  );
  lb = endpoint(c.lb, c.db);
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await c?.stop();
}, 90_000);

interface Load {
  requests: number;
  failures: string[];
  /** The ids of clients whose creation was answered 201. */
  acknowledged: string[];
  stop(): Promise<void>;
}

/** Workers that read the project list and create clients through nginx, one request after another. */
function steadyLoad(who: SignedIn): Load {
  const load: Load = { requests: 0, failures: [], acknowledged: [], stop: async () => {} };
  let running = true;
  const worker = async (w: number) => {
    for (let i = 0; running; i++) {
      const write = i % 3 === 0;
      try {
        const res = write
          ? await lb.inject({
              method: 'POST',
              url: '/api/clients',
              headers: bearer(who.token),
              payload: { name: `Client ${w}-${i}`, email: `client-${w}-${i}@example.com` },
            })
          : await lb.inject({ url: '/api/projects', headers: bearer(who.token) });
        load.requests += 1;
        if (res.statusCode !== (write ? 201 : 200))
          load.failures.push(`${write ? 'POST' : 'GET'} ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (write) load.acknowledged.push(res.json().data.client._id);
      } catch (err) {
        load.requests += 1;
        load.failures.push(`network: ${(err as Error).message}`);
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  load.stop = async () => {
    running = false;
    await Promise.all(workers);
  };
  return load;
}

/** Sends `data` as a raw version upload at about `bytesPerSecond`, through nginx; answers the status. */
function slowUpload(url: string, token: string, data: Buffer, bytesPerSecond: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${c.lb}${url}`, {
      method: 'POST',
      headers: {
        ...bearer(token),
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="long-take.wav"',
        'content-length': String(data.length),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    const chunk = 64 * 1024;
    let sent = 0;
    const tick = setInterval(
      () => {
        if (sent >= data.length) {
          clearInterval(tick);
          req.end();
          return;
        }
        req.write(data.subarray(sent, sent + chunk));
        sent += chunk;
      },
      Math.round((chunk / bytesPerSecond) * 1000),
    );
  });
}

describe.runIf(nginxAvailable())('a rolling restart behind nginx', () => {
  it('loses no request, no acknowledged write, no upload and no socket', async () => {
    const f = await projectWithPeople(lb);
    const writer = await registerUser(lb, { name: 'Busy Writer' });
    for (let i = 0; i < SOCKETS; i++) {
      const s = io(c.lb, {
        path: '/socket.io',
        auth: { token: f.owner.token },
        transports: ['websocket'],
        reconnectionDelay: 100,
        reconnectionDelayMax: 1000,
      });
      sockets.push(s);
    }
    await until(async () => sockets.every((s) => s.connected), 30_000, 'every socket to connect');
    const firstIds = new Set(sockets.map((s) => s.id));

    const load = steadyLoad(writer);
    const track = await addTrack(lb, f.owner.token, f.projectId, { title: 'Long Take' });
    // About 11 MB at 1 MB/s: in flight while the first instance stops, and the second.
    const wav = sineWav({ seconds: 60 });
    const upload = slowUpload(
      `/api/projects/${f.projectId}/tracks/${track._id}/versions`,
      f.owner.token,
      wav,
      1024 * 1024,
    );
    await until(async () => load.requests >= 100, 30_000, 'the load to be under way');

    const restarted = await restartInstance(c.a);
    c.a = restarted.instance;
    await until(async () => load.requests >= 200, 30_000, 'requests after the first restart');
    const second = await restartInstance(c.b);
    c.b = second.instance;
    await until(async () => load.requests >= 300, 30_000, 'requests after the second restart');

    expect(await upload).toBe(201);
    await load.stop();
    await until(async () => sockets.every((s) => s.connected), 30_000, 'every socket to reconnect');
    const reconnected = sockets.filter((s) => !firstIds.has(s.id)).length;
    console.log(
      `rolling restart: ${load.requests} requests, ${load.failures.length} failed, ` +
        `${load.acknowledged.length} writes acknowledged; instances stopped in ${restarted.stopMs} and ` +
        `${second.stopMs} ms; ${reconnected} of ${SOCKETS} sockets reconnected, all ${SOCKETS} connected at the end` +
        (load.failures.length ? `; failures: ${load.failures.join(' | ')}` : ''),
    );
    if (load.failures.length) console.log(`nginx errors:\n${c.nginxErrors()}`);
    expect(load.failures).toEqual([]);
    expect(reconnected).toBe(SOCKETS);

    const stored = await c.db
      .selectFrom('clients')
      .select('id')
      .where('id', 'in', load.acknowledged)
      .execute();
    expect(stored).toHaveLength(load.acknowledged.length);
  });
});
