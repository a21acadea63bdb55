// Set-up for bench:realtime, all through the real API: an owner and a few collaborators (registered, so each
// password is hashed once, and verified through their mailed link), one project they joined by invitation
// (issue #20), a track with an uploaded version to comment on; and what the bench reads from outside the
// servers: the verification mails in the database, a free port, memory after full collections, CPU time.
import { readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { sineWav } from '../apps/server/src/modules/media/sine-wav.ts';
import { cpuMicros, type Running } from './lib.ts';

const PASSWORD = 'Bench-Password-1';

export interface Room {
  projectId: string;
  /** The owner posts the comments. */
  ownerToken: string;
  /** One token per collaborator; their sockets share it, as one person's tabs and devices would. */
  memberTokens: string[];
  commentsPath: string;
}

/** Calls the API and returns `data` of its answer; throws with the body on any other status than 2xx. */
export async function api<T>(base: string, method: string, url: string, token?: string, body?: unknown) {
  const form = body instanceof FormData;
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The token of the newest verification mail to an address, read from the server's mail outbox. */
export type VerifyTokenReader = (to: string) => Promise<string | null>;

const NEWEST_VERIFY_MAIL =
  "select text_body from mail_outbox where to_address = $1 and kind = 'verify_email' order by created_at desc, id desc limit 1";
const tokenIn = (body: string | undefined) => body?.match(/token=([\w-]+)/)?.[1] ?? null;

/** Reads the outbox of a single instance's SQLite database in `dataDir`. */
export function sqliteVerifyTokens(dataDir: string): VerifyTokenReader {
  return async (to) => {
    const db = new Database(path.join(dataDir, 'mixdesk.db'), { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare(NEWEST_VERIFY_MAIL.replace('$1', '?')).get(to) as
        | { text_body: string }
        | undefined;
      return tokenIn(row?.text_body);
    } finally {
      db.close();
    }
  };
}

/** Reads the outbox in a PostgreSQL schema. */
export function pgVerifyTokens(connectionString: string, schema: string): VerifyTokenReader {
  return async (to) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query(`set search_path to "${schema}"`);
      const { rows } = await client.query<{ text_body: string }>(NEWEST_VERIFY_MAIL, [to]);
      return tokenIn(rows[0]?.text_body);
    } finally {
      await client.end();
    }
  };
}

async function register(base: string, name: string, email: string): Promise<string> {
  const data = await api<{ token: string }>(base, 'POST', '/api/auth/register', undefined, {
    name,
    email,
    password: PASSWORD,
  });
  return data.token;
}

/** Follows the verification link mailed to `email` (only a verified account may accept an invitation). */
async function verify(base: string, email: string, verifyToken: VerifyTokenReader): Promise<void> {
  let token: string | null = null;
  await waitUntil(async () => {
    token = await verifyToken(email);
    return token !== null;
  }, 10_000);
  await api(base, 'POST', '/api/auth/verify-email', undefined, { token });
}

/** The owner invites `email` and the member, signed in with `memberToken`, accepts. */
async function join(base: string, ownerToken: string, projectId: string, email: string, memberToken: string) {
  const { invitation } = await api<{ invitation: { _id: string } }>(
    base,
    'POST',
    `/api/projects/${projectId}/collaborators`,
    ownerToken,
    { email, permission: 'view' },
  );
  await api(base, 'POST', `/api/invitations/${invitation._id}/accept`, memberToken);
}

/** The project everyone's sockets join, with `members` collaborators, and a version ready for comments. */
export async function setUpRoom(
  base: string,
  members: number,
  verifyToken: VerifyTokenReader,
): Promise<Room> {
  const ownerToken = await register(base, 'Bench Owner', 'owner@realtime.bench');
  const { project } = await api<{ project: { _id: string } }>(base, 'POST', '/api/projects', ownerToken, {
    title: 'Realtime Bench',
    type: 'album',
  });
  const projectId = project._id;
  const memberTokens: string[] = [];
  for (let i = 0; i < members; i++) {
    const email = `member${i}@realtime.bench`;
    const memberToken = await register(base, `Bench Member ${i}`, email);
    await verify(base, email, verifyToken);
    await join(base, ownerToken, projectId, email, memberToken);
    memberTokens.push(memberToken);
  }
  const { track } = await api<{ track: { _id: string } }>(
    base,
    'POST',
    `/api/projects/${projectId}/tracks`,
    ownerToken,
    { title: 'Intro' },
  );
  const form = new FormData();
  form.append('file', new Blob([sineWav({ seconds: 10, channels: 1 })], { type: 'audio/wav' }), 'mix.wav');
  const versionPath = `/api/projects/${projectId}/tracks/${track._id}/versions`;
  const { version } = await api<{ version: { _id: string } }>(base, 'POST', versionPath, ownerToken, form);
  // The upload queues its waveform job: it runs before any figure is taken.
  await waitUntil(async () => {
    const v = await api<{ version: { peaksStatus: string } }>(
      base,
      'GET',
      `${versionPath}/${version._id}`,
      ownerToken,
    );
    return v.version.peaksStatus !== 'pending';
  }, 30_000);
  return { projectId, ownerToken, memberTokens, commentsPath: `${versionPath}/${version._id}/comments` };
}

export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${timeoutMs} ms`);
    await sleep(100);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process, in KiB (Linux /proc). */
export function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]);
}

/** Node flags for a server whose memory is read: realtime-gc.mjs, so SIGUSR2 runs a full collection. */
export const GC_ON_SIGNAL = `--import ${path.join(import.meta.dirname, 'realtime-gc.mjs')}`;

export interface Memory {
  /** Resident memory (/proc VmRSS), KiB. */
  rssKiB: number;
  /** What the JavaScript heap holds, and memory outside it that JavaScript objects own, KiB. */
  heapKiB: number;
}

/**
 * A server's memory with only live objects: full collections (SIGUSR2, see GC_ON_SIGNAL) a second apart
 * until RSS moves by under 1 % between two (V8 gives pages back over several collections), at most 10.
 */
export async function settledMemory(pid: number): Promise<Memory> {
  const file = path.join(tmpdir(), `mixdesk-bench-memory-${pid}.json`);
  let last = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 10; i++) {
    process.kill(pid, 'SIGUSR2');
    await sleep(1000);
    const now = rssKiB(pid);
    const settled = Math.abs(now - last) < now * 0.01;
    last = now;
    if (settled) break;
  }
  const usage = JSON.parse(readFileSync(file, 'utf8')) as NodeJS.MemoryUsage;
  rmSync(file, { force: true });
  return { rssKiB: last, heapKiB: (usage.heapUsed + usage.external) / 1024 };
}

/**
 * Waits `atLeastMs`, then until every server still running spends under a tenth of a core for half a
 * second (60 s at most in all). Waiting on another instance through Redis costs no CPU: `atLeastMs` outlasts
 * its timeouts. Returns the CPU time each server spent meanwhile, s, and which exited (the first is
 * "instance 1").
 */
export async function waitQuiet(
  servers: Running[],
  atLeastMs: number,
): Promise<{ cpuSeconds: number[]; exited: string[] }> {
  const started = performance.now();
  const running = (s: Running) => s.child.exitCode === null && s.child.signalCode === null;
  // The last reading of each; a server gone meanwhile keeps its last (its /proc entry is gone with it).
  const first = servers.map((s) => cpuMicros(s.child.pid!));
  const latest = [...first];
  const read = () => {
    for (const [i, s] of servers.entries()) {
      try {
        if (running(s)) latest[i] = cpuMicros(s.child.pid!);
      } catch {
        // It exited between the check and the read: its last reading stands.
      }
    }
    return [...latest];
  };
  await sleep(atLeastMs);
  for (let quiet = false; !quiet && performance.now() - started < 60_000; ) {
    const before = read();
    await sleep(500);
    quiet = read().every((now, i) => now - before[i]! < 50_000);
  }
  return {
    cpuSeconds: latest.map((c, i) => (c - first[i]!) / 1e6),
    exited: servers.flatMap((s, i) =>
      running(s) ? [] : [`instance ${i + 1} exited with ${s.child.exitCode ?? s.child.signalCode}`],
    ),
  };
}
