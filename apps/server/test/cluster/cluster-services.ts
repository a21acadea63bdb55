// A Mixdesk deployment of the scaled-out shape, started by a test on this machine: two instances of the real
// server (`src/main.ts`, each its own process and data dir) on one PostgreSQL schema, a Redis of their own, an
// S3-compatible bucket (s3rver: test/s3-server.ts) and nginx running deploy/nginx.conf in front of them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { TEST_DATABASE_URL } from '../helper.ts';
import { type Instance, startInstance, stopInstance } from '../instance-process.ts';
import { type RunningNginx, startNginx } from '../nginx-process.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';
import { freePort, type RunningRedis, startRedis } from '../services.ts';

export { endpoint, type Instance, restartInstance } from '../instance-process.ts';
export { nginxAvailable } from '../nginx-process.ts';

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
  const started: { redis?: RunningRedis; s3?: TestS3Server; nginx?: RunningNginx; instances: Instance[] } = {
    instances: [],
  };
  const db = (await openDatabase({ database: { kind: 'postgres', url: TEST_DATABASE_URL, schema } })).db;
  const stop = async () => {
    await Promise.all(started.instances.map(stopInstance));
    await started.nginx?.stop();
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
    started.nginx = await startNginx(dir, lbPort, [portA, portB]);
    const [a, b] = started.instances as [Instance, Instance];
    const cluster: Cluster = {
      lb: `http://127.0.0.1:${lbPort}`,
      a,
      b,
      db,
      s3: started.s3,
      nginxErrors: () => started.nginx!.errors(),
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
