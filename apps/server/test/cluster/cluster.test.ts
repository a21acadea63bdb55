// `npm run test:cluster`: two instances behind nginx (deploy/nginx.conf) on PostgreSQL + Redis + S3, checked
// through the load balancer and each instance directly: one deployment, whichever instance answers.
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../src/modules/auth/throttle.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../../src/modules/media/media-testing.ts';
import { join, next, open } from '../../src/platform/realtime/realtime-testing.ts';
import { bearer, GOOD_PASSWORD, registerUser, uniqueEmail } from '../helper.ts';
import { until } from '../services.ts';
import { type Cluster, endpoint, nginxAvailable, startCluster } from './cluster-services.ts';

if (!nginxAvailable())
  console.error(
    `\n${'!'.repeat(78)}\n!! CLUSTER NOT TESTED: nginx is not installed (apt-get install nginx-light).\n${'!'.repeat(78)}\n`,
  );

let c: Cluster;
/** The load balancer and the two instances, each as the test helpers see an app. */
let lb: FastifyInstance;
let a: FastifyInstance;
let b: FastifyInstance;
let f: ProjectWithPeople;
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!nginxAvailable()) return;
  c = await startCluster();
  [lb, a, b] = [endpoint(c.lb, c.db), endpoint(c.a.url, c.db), endpoint(c.b.url, c.db)];
  f = await projectWithPeople(lb);
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await c?.stop();
}, 60_000);

const me = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/api/auth/me', headers: bearer(token) }).then((r) => r.statusCode);
const socketOn = async (url: string, token: string) => {
  const s = await open(url, token);
  sockets.push(s);
  return s;
};

describe.runIf(nginxAvailable())('a deployment of two instances behind nginx', () => {
  it('signs in on one instance and works on the other; both agree on the generated secret', async () => {
    const who = await registerUser(a, { name: 'Cross Over' });
    expect(await me(b, who.token)).toBe(200);
    expect(await me(lb, who.token)).toBe(200);
    const created = await b.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(who.token),
      payload: { title: 'Made on B', type: 'single' },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Neither instance had JWT_SECRET: one secret, kept in the database.
    const rows = await c.db.selectFrom('instance_secrets').select('name').execute();
    expect(rows.map((r) => r.name)).toContain('jwt-secret');
  });

  it('a session signed out on one instance is refused by the other within a second', async () => {
    const who = await registerUser(lb);
    expect(await me(b, who.token)).toBe(200); // B now holds the session in its one-second cache
    const out = await a.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(who.token) });
    expect(out.statusCode).toBe(200);
    const signedOut = Date.now();
    expect(await me(a, who.token)).toBe(401);
    await until(async () => (await me(b, who.token)) === 401, 5_000, 'B to refuse the session');
    const ms = Date.now() - signedOut;
    console.log(`cluster: B refused a session signed out on A after ${ms} ms`);
    expect(ms).toBeLessThan(1_000);
  });

  it('counts failed sign-ins across instances: the limit is one for the deployment', async () => {
    const who = await registerUser(lb);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const on = i % 2 === 0 ? a : b;
      const res = await on.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: who.user.email, password: `Wrong-Guess-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    for (const on of [a, b]) {
      const res = await on.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: who.user.email, password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(429);
    }
  });

  it('presence and live events cross instances', async () => {
    const onA = await socketOn(c.a.url, f.owner.token);
    await join(onA, f.projectId);
    const joined = next<{ userId: string }>(onA, 'user:joined');
    const onB = await socketOn(c.b.url, f.editor.token);
    const presence = await join(onB, f.projectId);
    expect(presence.users.map((u) => u.userId)).toEqual(
      expect.arrayContaining([f.owner.user._id, f.editor.user._id]),
    );
    expect((await joined).userId).toBe(f.editor.user._id);

    // A write through the load balancer reaches the room on both instances.
    const heardOnA = next<{ activity: { kind: string } }>(onA, 'activity:new');
    const heardOnB = next<{ activity: { kind: string } }>(onB, 'activity:new');
    await addTrack(lb, f.owner.token, f.projectId, { title: 'Crossing' });
    expect((await heardOnA).activity.kind).toBe('track_added');
    expect((await heardOnB).activity.kind).toBe('track_added');
  });

  it('a WebSocket through nginx connects and hears the room', async () => {
    const viaLb = await socketOn(c.lb, f.viewer.token);
    await join(viaLb, f.projectId);
    const heard = next<{ activity: { kind: string } }>(viaLb, 'activity:new');
    await addTrack(b, f.owner.token, f.projectId, { title: 'Through nginx' });
    expect((await heard).activity.kind).toBe('track_added');
  });

  it('an upload through one instance plays with a Range from the other, and through nginx', async () => {
    const track = await addTrack(a, f.owner.token, f.projectId, { title: 'Uploaded on A' });
    const wav = sineWav({ seconds: 3 });
    const up = await uploadVersion(a, f.owner.token, f.projectId, track._id, wav);
    expect(up.statusCode, up.body).toBe(201);
    const audioUrl = up.json().data.version.audioUrl as string;
    for (const on of [b, lb]) {
      const ranged = await on.inject({
        url: audioUrl,
        headers: { ...bearer(f.viewer.token), range: 'bytes=4000-20095' },
      });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe(`bytes 4000-20095/${wav.length}`);
      expect(ranged.rawPayload.equals(wav.subarray(4000, 20096))).toBe(true);
    }
  });

  it('the list caches of one instance never serve what a write on the other changed', async () => {
    const who = await registerUser(lb);
    const list = async (on: FastifyInstance) =>
      (await on.inject({ url: '/api/projects', headers: bearer(who.token) }))
        .json()
        .data.projects.map((p: { title: string }) => p.title);
    expect(await list(b)).toEqual([]);
    const made = await a.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(who.token),
      payload: { title: 'Fresh on A', type: 'single' },
    });
    expect(made.statusCode).toBe(201);
    expect(await list(b)).toEqual(['Fresh on A']);
    const id = made.json().data.project._id as string;
    const renamed = await b.inject({
      method: 'PUT',
      url: `/api/projects/${id}`,
      headers: bearer(who.token),
      payload: { title: 'Renamed on B' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await list(a)).toEqual(['Renamed on B']);

    const clients = async (on: FastifyInstance) =>
      (await on.inject({ url: '/api/clients', headers: bearer(who.token) })).json().data.clients.length;
    expect(await clients(a)).toBe(0);
    const client = await b.inject({
      method: 'POST',
      url: '/api/clients',
      headers: bearer(who.token),
      payload: { name: 'Label Contact', email: uniqueEmail('label') },
    });
    expect(client.statusCode, client.body).toBe(201);
    expect(await clients(a)).toBe(1);
  });
});
