// One Mixdesk instance as a real process (`src/main.ts`), started, stopped, killed and started again by a
// test: what the cluster and reliability suites run and break.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { until } from './services.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

export interface Instance {
  name: string;
  url: string;
  env: Record<string, string>;
  child: ChildProcess;
  output: () => string;
}

/** Starts `src/main.ts` with `env` (PORT among it) and answers once `/api/ready` is 200. */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  readyWithinMs = 60_000,
): Promise<Instance> {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`instance ${name} exited ${child.exitCode}:\n${out}`);
      return fetch(`${url}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    readyWithinMs,
    `instance ${name} to be ready`,
  );
  return { name, url, env, child, output: () => out };
}

/** SIGTERM, and waits for the process to finish what it has and exit. */
export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
}

/** kill -9: the process ends where it stands, nothing flushed, nothing closed. */
export async function killInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGKILL');
  await exited;
}

/**
 * Restarts an instance as a rolling deploy does: SIGTERM, wait for it to finish what it has and exit, start it
 * again with the same settings; answers the new process once it is ready, and how long the old one took to go.
 */
export async function restartInstance(instance: Instance): Promise<{ instance: Instance; stopMs: number }> {
  const started = Date.now();
  await stopInstance(instance);
  const stopMs = Date.now() - started;
  return { instance: await startInstance(instance.name, instance.env), stopMs };
}

/** The answer of a request, shaped as the test helpers read Fastify's inject answers. */
interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  cookies: { name: string; value: string }[];
  body: string;
  rawPayload: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: as Fastify's inject answers: the tests read their JSON freely
  json: () => any;
}

interface Request {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

async function send(base: string, req: Request): Promise<Answer> {
  const isBytes = Buffer.isBuffer(req.payload);
  const headers: Record<string, string> = { ...req.headers };
  let body: BodyInit | undefined;
  if (isBytes) body = new Uint8Array(req.payload as Buffer);
  else if (req.payload !== undefined) {
    body = JSON.stringify(req.payload);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${req.url}`, { method: req.method ?? 'GET', headers, body });
  const raw = Buffer.from(await res.arrayBuffer());
  const text = raw.toString('utf8');
  return {
    statusCode: res.status,
    headers: Object.fromEntries(res.headers.entries()),
    cookies: res.headers.getSetCookie().map((c) => {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    }),
    body: text,
    rawPayload: raw,
    json: () => JSON.parse(text),
  };
}

/**
 * One endpoint of a deployment (an instance, or nginx) seen the way the API test helpers see an app: its
 * `inject` sends a real HTTP request there, and `ctx.db` reads the shared database (for mailed links). So
 * registerUser, addTrack, addMember and the rest work against the running deployment unchanged.
 */
export function endpoint(base: string, db: Kysely<DB>): FastifyInstance {
  return { inject: (req: Request) => send(base, req), ctx: { db } } as unknown as FastifyInstance;
}
