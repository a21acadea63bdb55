// A soak: the embedded shape (one instance, SQLite) under mixed load at 100 connections for SOAK_MINUTES
// (3 in CI; 10 for a longer look): reads of the dashboard, projects and clients, new clients, renamed
// projects, the signed-in user. Nothing may fail, and the resident memory and the live heap may grow by less
// than 10 % over the run, each read after a full collection forced through the inspector before and after it
// (the low points of the RSS saw, `floorGrowth`, are printed beside: they judged the run until a busy CI
// machine put the first third's low point in the idle pause before the load, +10.4 %). Latencies are printed, not judged: a bar on time would be a flaky test.
// What slows down as the run goes on is printed too: the requests answered in each 30 s, and each call's
// median time alone (no other load) after the warm-up and after the run, when thousands of clients exist.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { bearer } from '../helper.ts';
import { endpoint, type Instance, startInstance, stopInstance } from '../instance-process.ts';
import { fullCollection, INSPECTABLE, type Memory, rssBytes } from './full-collection.ts';
import { instanceEnv, people } from './write-load.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 3);
const CONNECTIONS = 100;
const WARM_UP_SECONDS = 30;
const SAMPLE_EVERY_MS = 1_000;
const WINDOW_MS = 30_000;
const PROBES = 40;

/** What went wrong in a run, in words: answers by status class, connection errors, timeouts (30 s). */
const failures = (r: autocannon.Result) =>
  `${r['4xx']} 4xx, ${r['5xx']} 5xx, ${r.errors} errors, ${r.timeouts} timeouts`;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface RssReading {
  at: number;
  rss: number;
}

/**
 * How much the resident memory grew: the lowest reading of the run's last third against the lowest of its
 * first third. Under this load V8 lets garbage pile up in the old generation for 15 to 60 s between full
 * collections and hands the space back lazily, so RSS saws between about 250 and 480 MB while what the
 * process holds stays put (a ~70 MB heap after a full collection, ~125 MB outside the heap, however many
 * clients are made). One reading after the warm-up against one at the end measured where each fell on the
 * saw (+34 % in one run, -11 % in another), not growth. A leak raises the floor, the memory left after a
 * collection, and a third of the run (a minute of three) holds at least one collection.
 */
function floorGrowth(samples: RssReading[]) {
  const start = samples[0]!.at;
  const third = (samples.at(-1)!.at - start) / 3;
  const floor = (from: number, to: number) =>
    Math.min(...samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.rss));
  const first = floor(start, start + third);
  const last = floor(start + 2 * third, Number.POSITIVE_INFINITY);
  return { first, last, growth: (last - first) / first };
}

describe('a soak of the embedded shape', () => {
  it(
    `answers ${CONNECTIONS} connections for ${MINUTES} minutes without an error or a growing memory`,
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-soak-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const database = await openDatabase({
        database: { kind: 'sqlite', file: path.join(dir, 'mixdesk.db') },
      });
      cleanups.push(() => database.close());
      const instance: Instance = await startInstance('soaked', await instanceEnv(dir, INSPECTABLE));
      cleanups.push(() => stopInstance(instance));
      const app = endpoint(instance.url, database.db);
      const [who] = await people(app, 1, 'Soak');
      const auth = bearer(who!.token);
      const project = await app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: auth,
        payload: { title: 'Soak Session', type: 'album' },
      });
      const projectId: string = project.json().data.project._id;
      let n = 0;
      const json = { ...auth, 'content-type': 'application/json' };
      const requests: autocannon.Request[] = [
        { method: 'GET', path: '/api/dashboard', headers: auth },
        { method: 'GET', path: '/api/projects?page=1&limit=20', headers: auth },
        {
          method: 'POST',
          path: '/api/clients',
          headers: json,
          setupRequest: (req) => {
            n += 1;
            return { ...req, body: JSON.stringify({ name: `Client ${n}`, email: `soak-${n}@example.com` }) };
          },
        },
        { method: 'GET', path: '/api/clients?page=1&limit=20', headers: auth },
        {
          method: 'PUT',
          path: `/api/projects/${projectId}`,
          headers: json,
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ title: `Soak Session ${n}` }) }),
        },
        { method: 'GET', path: '/api/auth/me', headers: auth },
      ];
      /** Answers per 30 s window of the run, and the clients made by the end of each. */
      const windows: { answers: number; clients: number }[] = [];
      const load = (seconds: number, counted = false) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const started = Date.now();
          const running = autocannon(
            { url: instance.url, connections: CONNECTIONS, duration: seconds, requests },
            (err, res) => (err ? reject(err) : resolve(res)),
          );
          if (!counted) return;
          running.on('response', () => {
            const w = Math.floor((Date.now() - started) / WINDOW_MS);
            while (windows.length <= w) windows.push({ answers: 0, clients: 0 });
            windows[w]!.answers += 1;
            windows[w]!.clients = n;
          });
        });
      /** Each call's median time alone, in ms: PROBES requests one after another, nothing else running. */
      const probe = async () => {
        const medians: Record<string, number> = {};
        for (const request of requests) {
          const times: number[] = [];
          for (let i = 0; i < PROBES; i += 1) {
            const setup = request.setupRequest;
            const made = typeof setup === 'function' ? setup({ ...request }, {}) : request;
            const started = performance.now();
            const res = await fetch(`${instance.url}${request.path}`, {
              method: request.method,
              headers: request.headers as Record<string, string>,
              body: made.body as string | undefined,
            });
            await res.arrayBuffer();
            times.push(performance.now() - started);
            expect(res.ok, `${request.method} ${request.path}: ${res.status}`).toBe(true);
          }
          times.sort((a, b) => a - b);
          medians[`${request.method} ${request.path?.split('?')[0]}`] =
            Math.round(times[PROBES / 2]! * 100) / 100;
        }
        return medians;
      };

      const warm = await load(WARM_UP_SECONDS);
      const clientsBefore = n;
      const alone = { before: await probe(), after: {} as Record<string, number> };
      const before = await fullCollection(instance);
      const pid = instance.child.pid!;
      const samples: RssReading[] = [];
      const sample = () => samples.push({ at: Date.now(), rss: rssBytes(pid) });
      sample();
      const sampler = setInterval(sample, SAMPLE_EVERY_MS);
      const run = await load(MINUTES * 60, true).finally(() => clearInterval(sampler));
      sample();
      alone.after = await probe();
      const after = await fullCollection(instance);
      const wal = statSync(path.join(dir, 'mixdesk.db-wal'), { throwIfNoEntry: false })?.size ?? 0;
      const { first, last, growth: floor } = floorGrowth(samples);
      const growth = (key: keyof Memory) => (after[key] - before[key]) / before[key];
      const change = (key: keyof Memory) =>
        `${mb(before[key])} → ${mb(after[key])} (${(growth(key) * 100).toFixed(1)} %)`;
      const readings = samples.map((s) => s.rss);

      console.log(
        `soak: ${MINUTES} min at ${CONNECTIONS} connections: ${run.requests.total} requests ` +
          `(${Math.round(run.requests.average)}/s), ${failures(run)}; latency p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, max ` +
          `${run.latency.max} ms; after a ${WARM_UP_SECONDS} s warm-up (${warm.requests.total} requests, ${failures(warm)}) ` +
          `RSS ${mb(readings[0]!)}, at the end ${mb(readings.at(-1)!)}, ${mb(Math.min(...readings))} to ` +
          `${mb(Math.max(...readings))}; lowest in the first third ${mb(first)}, in the last ${mb(last)} ` +
          `(${(floor * 100).toFixed(1)} %); after a full collection before and after the run: RSS ` +
          `${change('rss')}, heap ${change('heapUsed')}, external ${change('external')}; ${n} clients created`,
      );
      console.log(
        `soak: answers per ${WINDOW_MS / 1000} s (clients by then): ` +
          windows.map((w) => `${w.answers} (${w.clients})`).join(', ') +
          `; the WAL at the end ${mb(wal)}`,
      );
      console.log(
        `soak: each call alone, median of ${PROBES} (ms), with ${clientsBefore} clients and then with ${n}: ` +
          Object.keys(alone.before)
            .map((k) => `${k} ${alone.before[k]} → ${alone.after[k]}`)
            .join('; '),
      );
      expect(warm.non2xx + warm.errors).toBe(0);
      expect(run.non2xx).toBe(0);
      expect(run.errors).toBe(0);
      expect(run.timeouts).toBe(0);
      expect(run.requests.total).toBeGreaterThan(0);
      expect(growth('rss')).toBeLessThan(0.1);
      expect(growth('heapUsed')).toBeLessThan(0.1);
      expect(instance.child.exitCode).toBeNull();
      // The run, its warm-up, and two minutes for set-up and the probes.
    },
    (MINUTES * 60 + WARM_UP_SECONDS + 120) * 1000,
  );
});
