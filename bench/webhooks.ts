// npm run bench:webhooks — time from an event to its webhook delivery (issue #38; bar: p95 < 5 s with 1,000
// events). A server on this machine (src/main.ts, WEBHOOK_ALLOW_PRIVATE=1, the default WEBHOOK_SWEEP_MS) and a
// receiver in this process (node:http, 200 to everything, the signature checked with node:crypto). Two runs
// per dialect, BENCH_WEBHOOK_EVENTS events each (1,000 by default) made through the API by 8 clients at once:
//   1. tracks added: the activity area announces them after the commit, which wakes the sender at once;
//   2. projects created: nothing announces them, so the sender finds them at its sweep (every second).
// An event's time is its `createdAt` (stamped by the server as its transaction runs); its delivery's is when
// the receiver has read the whole body. Prints p50, p95, p99 and the slowest, and how many arrived more than
// once (none expected). BENCH_DIALECTS=sqlite skips PostgreSQL. Asserts nothing.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, ROOT, resetPgSchema, startServer } from './lib.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const CLIENTS = 8;
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const PG_URL =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_SCHEMA = 'bench_webhooks';
const PORT = Number(process.env.BENCH_PORT ?? 3157);
const PASSWORD = 'Bench-Password-1';

interface Arrival {
  id: string;
  type: string;
  latencyMs: number;
}

/** A receiver that answers 200 and notes each event's delay, refusing (401) what its secret did not sign. */
async function startReceiver() {
  const arrivals: Arrival[] = [];
  let secret = '';
  let badSignatures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const at = Date.now();
      const header = String(req.headers['mixdesk-signature'] ?? '');
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
      const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
      if (v1 !== expected) {
        badSignatures += 1;
        return void res.writeHead(401).end();
      }
      const event = JSON.parse(body) as { id: string; type: string; createdAt: string };
      arrivals.push({ id: event.id, type: event.type, latencyMs: at - Date.parse(event.createdAt) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    setSecret: (s: string) => {
      secret = s;
    },
    bad: () => badSignatures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** Runs `count` calls of `make`, `CLIENTS` at a time. */
async function inParallel(count: number, make: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) await make(next++);
    }),
  );
}

async function waitFor(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

async function run(dialect: string): Promise<string[][]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mixdesk-bench-webhooks-'));
  if (dialect === 'postgres') await resetPgSchema(PG_URL, PG_SCHEMA);
  const receiver = await startReceiver();
  const server = await startServer(MAIN, {
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'error',
      WEBHOOK_ALLOW_PRIVATE: '1',
      ...(dialect === 'postgres' ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: PG_SCHEMA } : {}),
    },
    healthPath: '/api/ready',
  });
  const rows: string[][] = [];
  try {
    const { token } = await api(server.url, 'POST', '/api/auth/register', null, {
      name: 'Bench Hooks',
      email: `hooks-${Date.now()}@bench.test`,
      password: PASSWORD,
    });
    const created = (await api(server.url, 'POST', '/api/webhooks', token, {
      url: receiver.url,
      events: ['track_added', 'project_created'],
    })) as unknown as { secret: string };
    receiver.setSecret(created.secret);

    // Each scenario makes EVENTS events and answers each one's id (the activity's: `<kind>:<subject id>`).
    const scenarios: [string, (i: number, projects: string[]) => Promise<string>][] = [
      [
        'tracks added (announced)',
        async (i, projects) => {
          const { track } = await api(
            server.url,
            'POST',
            `/api/projects/${projects[i % projects.length]}/tracks`,
            token,
            {
              title: `Take ${i}`,
            },
          );
          return `track_added:${track!._id}`;
        },
      ],
      [
        'projects created (sweep)',
        async (i) => {
          const { project } = await api(server.url, 'POST', '/api/projects', token, {
            title: `Bench ${i}`,
            type: 'single',
          });
          return `project_created:${project!._id}`;
        },
      ],
    ];
    // Tracks go into projects made beforehand (at most 500 a project), whose own events are not counted.
    const projects: string[] = [];
    for (let i = 0; i < Math.ceil(EVENTS / 400); i++)
      projects.push(
        (await api(server.url, 'POST', '/api/projects', token, { title: `Album ${i}`, type: 'album' }))
          .project!._id,
      );

    for (const [name, make] of scenarios) {
      const made = new Set<string>();
      const started = Date.now();
      await inParallel(EVENTS, async (i) => {
        made.add(await make(i, projects));
      });
      const madeMs = Date.now() - started;
      const ours = () => receiver.arrivals.filter((a) => made.has(a.id));
      const complete = await waitFor(() => new Set(ours().map((a) => a.id)).size >= EVENTS, 120_000);
      const arrived = ours();
      const ids = new Set(arrived.map((a) => a.id));
      const latencies = arrived.map((a) => a.latencyMs).sort((a, b) => a - b);
      rows.push([
        `${dialect}: ${name}`,
        `${ids.size}/${EVENTS}${complete ? '' : ' (timed out)'}`,
        `${(madeMs / 1000).toFixed(1)} s`,
        `${percentile(latencies, 0.5)} ms`,
        `${percentile(latencies, 0.95)} ms`,
        `${percentile(latencies, 0.99)} ms`,
        `${latencies.at(-1)} ms`,
        String(arrived.length - ids.size),
        String(receiver.bad()),
      ]);
    }
  } finally {
    await server.stop();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** The rows under their heading, each column as wide as its widest cell. */
function printTable(title: string, head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}\n${line(head)}`);
  for (const row of rows) console.log(line(row));
}

const all: string[][] = [];
for (const dialect of DIALECTS) all.push(...(await run(dialect)));
printTable(
  `Webhooks: event → delivery, ${EVENTS} events each (bar: p95 < 5 s)`,
  ['run', 'delivered', 'events made in', 'p50', 'p95', 'p99', 'max', 'twice', 'bad signatures'],
  all,
);
