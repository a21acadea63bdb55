import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookieHeader,
  createTestApp,
  registerUser,
  type SignedIn,
  TEST_DIALECT,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import {
  addTrack,
  projectWithPeople,
  sineWav,
  uploadFile,
  uploadVersion,
} from '../../modules/media/media-testing.ts';
import { avatarBody, PNG } from '../../modules/profile/test-fixtures.ts';
import { jobQueue } from '../jobs/jobs.ts';

const METRICS_TOKEN = 'scraper-token-0123456789abcdef';
const ADMIN_EMAIL = uniqueEmail('admin');
/** The request count: the latency histogram's count of observations. */
const COUNT = 'mixdesk_http_request_duration_seconds_count';

/** The value of one sample in a Prometheus exposition (labels given in the order they are written). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

/** What a client can see of an answer, less what differs between any two requests. */
const visible = (res: LightMyRequestResponse) => {
  const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
};

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL], metricsToken: METRICS_TOKEN });
  admin = await registerUser(t.app, { email: ADMIN_EMAIL });
  user = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const scrape = async () => {
  const res = await t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('GET /metrics: who may read it', () => {
  it('anyone not allowed gets exactly the answer of an unknown path', async () => {
    const unknown = visible(await t.app.inject({ url: '/no-such-page' }));
    expect(unknown.status).toBe(404);
    const denied = [
      {},
      bearer(user.token),
      { cookie: cookieHeader(user.cookies) },
      bearer('wrong-token-0123456789abcdef'),
      bearer(`${METRICS_TOKEN}x`),
      { authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` },
    ];
    for (const headers of denied) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(visible(res)).toEqual(unknown);
    }
  });

  it('an administrator reads it, by bearer token or by cookie', async () => {
    for (const headers of [bearer(admin.token), { cookie: cookieHeader(admin.cookies) }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE mixdesk_http_request_duration_seconds histogram');
    }
  });

  it('a scraper with the METRICS_TOKEN bearer reads it', async () => {
    expect(await scrape()).toContain('# TYPE process_cpu_user_seconds_total counter');
  });

  it('without METRICS_TOKEN set, no bearer token opens it', async () => {
    const other = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
    try {
      const unknown = visible(await other.app.inject({ url: '/no-such-page' }));
      const res = await other.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
      expect(visible(res)).toEqual(unknown);
    } finally {
      await other.close();
    }
  });
  it('with the web app built, a denied /metrics is still the plain 404, never the app’s page', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'mixdesk-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Mixdesk</title>');
    const other = await createTestApp({ webDist, adminEmails: [ADMIN_EMAIL], metricsToken: METRICS_TOKEN });
    try {
      const page = visible(await other.app.inject({ url: '/no-such-page' }));
      expect(page).toMatchObject({ status: 200, body: expect.stringContaining('<title>Mixdesk</title>') });
      // What an unknown path gets where no web app is built: the app without one (`t`) shows it.
      const unknown = visible(await t.app.inject({ url: '/no-such-page' }));
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body)).toEqual({
        success: false,
        message: 'Page not found',
        error: { code: 'NOT_FOUND' },
      });
      const someone = await registerUser(other.app);
      const denied = [
        {},
        bearer('wrong-token-0123456789abcdef'),
        bearer(someone.token),
        { cookie: cookieHeader(someone.cookies) },
      ];
      for (const headers of denied) {
        for (const url of ['/metrics', '/metrics?format=text']) {
          expect(visible(await other.app.inject({ url, headers }))).toEqual(unknown);
        }
      }
      const allowed = await other.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await other.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('GET /metrics: what it shows', () => {
  it('counts requests by route pattern, method and status, never by raw URL', async () => {
    const unmatched = 'method="GET",route="unmatched",status="404"';
    const unmatchedBefore = sample(await scrape(), COUNT, unmatched) ?? 0;
    const id = 'no-such-project-4f1c';
    for (let i = 0; i < 3; i++)
      await t.app.inject({ url: `/api/projects/${id}`, headers: bearer(user.token) });
    await t.app.inject({ url: '/api/no-such-route' });
    const text = await scrape();
    const labels = 'method="GET",route="/api/projects/:id",status="404"';
    expect(sample(text, COUNT, labels)).toBe(3);
    expect(sample(text, 'mixdesk_http_request_duration_seconds_bucket', `le="5",${labels}`)).toBe(3);
    expect(sample(text, 'mixdesk_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(sample(text, COUNT, unmatched)).toBe(unmatchedBefore + 1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-route');
  });

  it('shows the Node process figures', async () => {
    const text = await scrape();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    expect(text).toContain('# TYPE nodejs_active_handles gauge');
  });

  it('counts the realtime sockets open on this instance', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect(sample(await scrape(), 'mixdesk_open_sockets')).toBe(0);
    const socket: Socket = connect(url, {
      path: '/socket.io',
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    try {
      expect(sample(await scrape(), 'mixdesk_open_sockets')).toBe(1);
    } finally {
      socket.close();
    }
  });

  it(`shows the ${TEST_DIALECT} database: the pool, or the file and its log`, async () => {
    const text = await scrape();
    if (TEST_DIALECT === 'postgres') {
      expect(sample(text, 'mixdesk_db_pool_max_connections')).toBeGreaterThan(0);
      expect(sample(text, 'mixdesk_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(text, 'mixdesk_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'mixdesk_db_pool_waiting_clients')).toBeGreaterThanOrEqual(0);
      expect(text).not.toContain('mixdesk_db_file_bytes');
    } else {
      expect(sample(text, 'mixdesk_db_file_bytes')).toBeGreaterThan(0);
      expect(sample(text, 'mixdesk_db_wal_bytes')).toBeGreaterThanOrEqual(0);
      expect(text).not.toContain('mixdesk_db_pool');
    }
  });

  it('adds up the bytes uploads stored: audio versions, project files and avatars', async () => {
    const before = sample(await scrape(), 'mixdesk_upload_bytes_total') ?? Number.NaN;
    const { projectId, owner } = await projectWithPeople(t.app);
    const track = await addTrack(t.app, owner.token, projectId);
    const wav = sineWav({ seconds: 0.5 });
    const stems = Buffer.alloc(3000, 7);
    expect((await uploadVersion(t.app, owner.token, projectId, track._id, wav)).statusCode).toBe(201);
    expect((await uploadFile(t.app, owner.token, projectId, stems, 'stems.zip')).statusCode).toBe(201);
    const avatar = avatarBody(PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/profile/avatar',
      headers: { ...bearer(owner.token), ...avatar.headers },
      payload: avatar.payload,
    });
    expect(res.statusCode).toBe(200);
    // A refused upload stores nothing and counts nothing.
    const refused = await uploadFile(t.app, owner.token, projectId, stems, 'stems.zip', 'not-a-category');
    expect(refused.statusCode).toBe(400);
    const after = sample(await scrape(), 'mixdesk_upload_bytes_total');
    expect(after).toBe(before + wav.length + stems.length + PNG.length);
    await jobQueue(t.app.ctx).idle();
  });

  it('shows the waveform jobs waiting for a runner (the job queue depth), as the runner picks them', async () => {
    const { projectId, owner } = await projectWithPeople(t.app);
    const track = await addTrack(t.app, owner.token, projectId);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await uploadVersion(t.app, owner.token, projectId, track._id, sineWav({ seconds: 0.2 }));
      ids.push(res.json().data.version._id);
    }
    await jobQueue(t.app.ctx).idle();
    expect(sample(await scrape(), 'mixdesk_waveform_jobs_waiting')).toBe(0);
    // Back in the queue: unclaimed, claimed by an instance that died long ago, and claimed by a live one.
    const set = (id: string, claimedAt: string | null) =>
      t.app.ctx.db
        .updateTable('jobs')
        .set({ status: claimedAt ? 'running' : 'queued', claimed_at: claimedAt })
        .where('subject_id', '=', id)
        .where('kind', '=', 'peaks')
        .execute();
    await set(ids[0]!, null);
    await set(ids[1]!, new Date(Date.now() - 60 * 60 * 1000).toISOString());
    await set(ids[2]!, new Date().toISOString());
    expect(sample(await scrape(), 'mixdesk_waveform_jobs_waiting')).toBe(2);
  });

  it('passes `promtool check metrics` with nothing to report', async () => {
    // Traffic first (a signed-in read, an unknown path), so the labelled families have samples to check.
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/no-such-route' })).statusCode).toBe(404);
    const text = await scrape();
    const families = [...text.matchAll(/^# TYPE (\S+) \S+$/gm)].map((m) => m[1] ?? '');
    const hasSamples = (name: string) => new RegExp(`^${name}(?:_bucket|_sum|_count)?[{ ]`, 'm').test(text);
    // Only libuv requests in flight at the moment of the scrape (usually none) give that family a sample.
    expect(families.filter((name) => name !== 'nodejs_active_requests' && !hasSamples(name))).toEqual([]);
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.error).toBeUndefined();
    expect({ status: check.status, output: check.stdout + check.stderr }).toEqual({ status: 0, output: '' });
  });
});

describe('metrics per app', () => {
  it('two apps in one process keep their own figures, and close without error', async () => {
    const other = await createTestApp({ metricsToken: METRICS_TOKEN });
    try {
      for (let i = 0; i < 2; i++) await other.app.inject({ url: '/api/health' });
      const res = await other.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
      const labels = 'method="GET",route="/api/health",status="200"';
      expect(sample(res.body, COUNT, labels)).toBe(2);
      expect(sample(await scrape(), COUNT, labels)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
