// A Mixdesk deployment of the scaled-out shape, started by a test on this machine: two instances of the real
// server (`src/main.ts`, each its own process and data dir) on one PostgreSQL schema, a Redis of their own, an
// S3-compatible bucket (s3rver: test/s3-server.ts) and nginx running deploy/nginx.conf in front of them.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { TEST_DATABASE_URL } from '../helper.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';
import { freePort, type RunningRedis, startRedis, until } from '../services.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
export const NGINX = '/usr/sbin/nginx';

/** Whether nginx can run here (Debian's nginx-light, which .ci/run installs). */
export const nginxAvailable = () => spawnSync(NGINX, ['-v']).status === 0;

export interface Instance {
  name: string;
  url: string;
  env: Record<string, string>;
  child: ChildProcess;
  output: () => string;
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
 * One endpoint of the deployment (an instance, or nginx) seen the way the API test helpers see an app: its
 * `inject` sends a real HTTP request there, and `ctx.db` reads the shared database (for mailed links). So
 * registerUser, addTrack, addMember and the rest work against the running deployment unchanged.
 */
export function endpoint(base: string, db: Kysely<DB>): FastifyInstance {
  return { inject: (req: Request) => send(base, req), ctx: { db } } as unknown as FastifyInstance;
}

export interface Cluster {
  lb: string;
  a: Instance;
  b: Instance;
  db: Kysely<DB>;
  s3: TestS3Server;
  /** nginx's error log so far (upstream errors: what a failed request met). */
  nginxErrors(): string;
  stop(): Promise<void>;
}

/** Rewrites the shipped nginx.conf for this run: its listen port, the instances' ports, files in `dir`. */
function nginxConfig(lbPort: number, ports: number[]): string {
  const shipped = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  let upstreamLines = 0;
  const conf = shipped
    .replace(/listen \d+;/, `listen 127.0.0.1:${lbPort};`)
    .replace(/server 127\.0\.0\.1:300(\d) max_fails=0;/g, (_line, n: string) => {
      upstreamLines += 1;
      return `server 127.0.0.1:${ports[Number(n) - 1]} max_fails=0;`;
    });
  if (upstreamLines !== 4)
    throw new Error('deploy/nginx.conf no longer has the two upstreams of two servers');
  return conf;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
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
    60_000,
    `instance ${name} to be ready`,
  );
  return { name, url, env, child, output: () => out };
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
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

/** Starts the whole deployment; `env` adds settings every instance gets. */
export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-cluster-'));
  const schema = `cluster_${Date.now().toString(36)}`;
  const [lbPort, portA, portB, redisPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const started: { redis?: RunningRedis; s3?: TestS3Server; nginx?: ChildProcess; instances: Instance[] } = {
    instances: [],
  };
  const db = (await openDatabase({ database: { kind: 'postgres', url: TEST_DATABASE_URL, schema } })).db;
  const stop = async () => {
    await Promise.all(started.instances.map(stopInstance));
    if (started.nginx && started.nginx.exitCode === null) {
      const exited = new Promise((resolve) => started.nginx!.once('exit', resolve));
      started.nginx.kill('SIGQUIT');
      await exited;
    }
    await started.redis?.stop();
    await started.s3?.close();
    await db.destroy();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    started.redis = await startRedis(redisPort);
    started.s3 = await startS3Server();
    const s3 = started.s3.config;
    const shared = {
      HOST: '127.0.0.1',
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: started.redis.url,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint ?? '',
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: s3.forcePathStyle ? '1' : '0',
      APP_URL: `http://127.0.0.1:${lbPort}`,
      TRUST_PROXY: '1',
      SEED_DEMO: '0',
      LOG_PRETTY: '0',
      LOG_LEVEL: 'warn',
      // No JWT_SECRET: the instances agree on the one the first of them generates (decision 024).
      JWT_SECRET: '',
      // One test signs up more people from one address than the hourly limit lets a real address.
      RATE_LIMIT_REGISTER: '1000',
      ...env,
    };
    // Both at once, as a deployment starts: migrations and the generated secret are made once.
    started.instances = await Promise.all([
      startInstance('a', { ...shared, PORT: String(portA), DATA_DIR: path.join(dir, 'a') }),
      startInstance('b', { ...shared, PORT: String(portB), DATA_DIR: path.join(dir, 'b') }),
    ]);
    const confFile = path.join(dir, 'nginx.conf');
    writeFileSync(confFile, nginxConfig(lbPort, [portA, portB]));
    let nginxOut = '';
    started.nginx = spawn(
      NGINX,
      [
        '-p',
        dir,
        '-c',
        confFile,
        '-e',
        path.join(dir, 'nginx-error.log'),
        '-g',
        `daemon off; pid ${dir}/nginx.pid;`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    started.nginx.stderr!.on('data', (c: Buffer) => {
      nginxOut += c.toString();
    });
    await until(
      async () => {
        if (started.nginx!.exitCode !== null) throw new Error(`nginx exited: ${nginxOut}`);
        return fetch(`http://127.0.0.1:${lbPort}/api/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
      },
      15_000,
      'nginx to answer',
    );
    const [a, b] = started.instances as [Instance, Instance];
    const cluster: Cluster = {
      lb: `http://127.0.0.1:${lbPort}`,
      a,
      b,
      db,
      s3: started.s3,
      nginxErrors: () => readFileSync(path.join(dir, 'nginx-error.log'), 'utf8'),
      stop: async () => {
        started.instances = [cluster.a, cluster.b];
        await stop();
      },
    };
    return cluster;
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}
