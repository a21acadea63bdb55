// Webhook deliveries survive kill -9 (issue #38): events are made through the API while the instance delivers
// them to a receiver in this process, the instance is killed mid-stream twice (with acknowledged events not yet
// received, tries in flight) and started again, and every
// event whose request was acknowledged arrives at least once, signed, with its id (counted: duplicates are
// allowed, a loss is not). On the embedded shape (SQLite) and on the server shape (PostgreSQL).
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { bearer, registerUser, TEST_DATABASE_URL } from '../helper.ts';
import { endpoint, type Instance, killInstance, startInstance, stopInstance } from '../instance-process.ts';
import { until } from '../services.ts';
import { instanceEnv } from './write-load.ts';

const ROUNDS = 2;
/**
 * How long the receiver works on each delivery before it answers (a deliberate wait: a real receiver writes to
 * its own database), so that tries are in flight and events wait for them when the instance is killed.
 */
const RECEIVER_MS = 200;
const WRITERS = 4;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** A receiver that counts each event id it is sent, signed with `secret` (checked with node:crypto). */
async function startCounter() {
  const counts = new Map<string, number>();
  let secret = '';
  let unsigned = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['mixdesk-signature'])) ?? [];
      if (v1 !== createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')) {
        unsigned += 1;
        return void res.writeHead(401).end();
      }
      // Counted as it is acknowledged, after the receiver's own work.
      setTimeout(() => {
        const { id } = JSON.parse(body) as { id: string };
        counts.set(id, (counts.get(id) ?? 0) + 1);
        res.writeHead(200).end('ok');
      }, RECEIVER_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    counts,
    unsigned: () => unsigned,
    setSecret: (s: string) => {
      secret = s;
    },
  };
}

async function shapeOf(
  kind: 'sqlite' | 'postgres',
  dir: string,
): Promise<{ env: Record<string, string>; db: Kysely<DB> }> {
  if (kind === 'sqlite') {
    const db = (await openDatabase({ database: { kind: 'sqlite', file: path.join(dir, 'mixdesk.db') } })).db;
    cleanups.push(() => db.destroy());
    return { env: {}, db };
  }
  const schema = `reliability_hooks_${Date.now().toString(36)}`;
  const db = (await openDatabase({ database: { kind: 'postgres', url: TEST_DATABASE_URL, schema } })).db;
  cleanups.push(async () => {
    await db.destroy();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });
  return { env: { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema }, db };
}

describe.each(['sqlite', 'postgres'] as const)('webhooks under kill -9 on %s', (kind) => {
  it(`delivers every acknowledged event at least once over ${ROUNDS} kills`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-hooks-kill-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const shape = await shapeOf(kind, dir);
    const receiver = await startCounter();
    const env = await instanceEnv(dir, {
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_SWEEP_MS: '200',
      // A try a kill cut short is taken up again once its lease (2 × timeout + 1 s) has run out.
      WEBHOOK_TIMEOUT_MS: '2000',
      ...shape.env,
    });
    let instance: Instance = await startInstance('hooks', env);
    cleanups.push(() => stopInstance(instance));
    const app = endpoint(instance.url, shape.db);
    const owner = await registerUser(app, { name: 'Hooked' });
    const project = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'Under fire', type: 'album' },
    });
    const projectId = project.json().data.project._id;
    const hook = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(owner.token),
      payload: { url: receiver.url, events: ['track_added'] },
    });
    receiver.setSecret(hook.json().data.secret);

    const acknowledged = new Set<string>();
    let requests = 0;
    let stopped = false;
    const write = async () => {
      while (!stopped) {
        requests += 1;
        const res = await app
          .inject({
            method: 'POST',
            url: `/api/projects/${projectId}/tracks`,
            headers: bearer(owner.token),
            payload: { title: `Take ${requests}` },
          })
          .catch(() => null);
        // Refused connections while the instance is down: the event may or may not exist, so it is not counted.
        if (res?.statusCode === 201) acknowledged.add(`track_added:${res.json().data.track._id}`);
        else if (!res) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const figures: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      stopped = false;
      const writers = Array.from({ length: WRITERS }, write);
      const target = acknowledged.size + 80 + round * 17;
      const waiting = () => [...acknowledged].filter((id) => !receiver.counts.has(id)).length;
      await until(
        async () => acknowledged.size >= target && waiting() >= 5,
        60_000,
        `${target} acknowledged events, 5 of them not yet received`,
      );
      const inFlight = waiting();
      await killInstance(instance);
      stopped = true;
      await Promise.all(writers);
      const killedAt = Date.now();
      instance = await startInstance('hooks', env);
      figures.push(
        `round ${round}: killed with ${inFlight} acknowledged events not yet received, back in ${Date.now() - killedAt} ms`,
      );
    }
    // A little more after the last start, then everything acknowledged must arrive.
    stopped = false;
    const writers = Array.from({ length: WRITERS }, write);
    const last = acknowledged.size + 40;
    await until(async () => acknowledged.size >= last, 60_000, 'events after the last start');
    stopped = true;
    await Promise.all(writers);
    const started = Date.now();
    await until(
      async () => [...acknowledged].every((id) => receiver.counts.has(id)),
      60_000,
      'every acknowledged event to arrive',
    );
    const missing = [...acknowledged].filter((id) => !receiver.counts.has(id));
    expect(missing).toEqual([]);
    expect(receiver.unsigned()).toBe(0);
    const twice = [...receiver.counts.values()].filter((n) => n > 1).length;
    console.log(
      `webhooks kill -9 on ${kind}: ${requests} requests, ${acknowledged.size} acknowledged events, ` +
        `${receiver.counts.size} distinct received (${twice} more than once), 0 lost; all in ` +
        `${Date.now() - started} ms after the last writes; ${figures.join('; ')}`,
    );
  });
});
