// A write load across areas (clients, projects, project files) from several people at once, that remembers
// what the server acknowledged: after a crash, every write answered with a 2xx must be there, exactly. An
// update whose answer never came may or may not have happened, so an entity may show its last acknowledged
// state or any unanswered one sent after it, and nothing else.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { S3Config } from '../../src/config.ts';
import { RATE_LIMIT_NAMES } from '../../src/config-rate-limits.ts';
import { bearer, registerUser, type SignedIn } from '../helper.ts';
import { freePort } from '../services.ts';

/** Request limits raised past a load test's counts, as RATE_LIMIT_<NAME> settings would. */
export const UNLIMITED = Object.fromEntries(
  RATE_LIMIT_NAMES.map((name) => [`RATE_LIMIT_${name.toUpperCase()}`, '1000000']),
);

/**
 * The settings of one test instance on a free port with its data in `dataDir`: no demo account, quiet logs,
 * a generated secret, request limits raised past a load test's counts; `extra` adds or overrides.
 */
export async function instanceEnv(
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  return {
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_PRETTY: '0',
    LOG_LEVEL: 'warn',
    JWT_SECRET: '',
    ...UNLIMITED,
    ...extra,
  };
}

/** The S3_* settings that point an instance at a test's bucket. */
export const s3Env = (c: S3Config): Record<string, string> => ({
  S3_BUCKET: c.bucket,
  S3_ENDPOINT: c.endpoint ?? '',
  S3_REGION: c.region,
  S3_ACCESS_KEY_ID: c.accessKeyId ?? '',
  S3_SECRET_ACCESS_KEY: c.secretAccessKey ?? '',
  S3_FORCE_PATH_STYLE: '1',
});

/** An entity's field as the server may hold it: the acknowledged value, or one sent after it unanswered. */
interface Written {
  owner: SignedIn;
  acknowledged: string;
  /** Values sent after the acknowledged one whose answer never came (the request may have been applied). */
  unanswered: string[];
}

export interface WriteLog {
  clients: Map<string, Written>;
  projects: Map<string, Written>;
  /** Files whose upload was answered 201: their project and the SHA-256 of the bytes sent. */
  files: Map<string, { owner: SignedIn; projectId: string; sha256: string; size: number }>;
  /** Uploads sent whose answer never came: the most objects a crash can leave unnamed. */
  unansweredUploads: number;
  requests: number;
  acknowledged: number;
  /** Answers that were neither a success nor a dropped connection (a 500 is a defect, whatever the fault). */
  errors: string[];
}

export const newWriteLog = (): WriteLog => ({
  clients: new Map(),
  projects: new Map(),
  files: new Map(),
  unansweredUploads: 0,
  requests: 0,
  acknowledged: 0,
  errors: [],
});

export interface RunningLoad {
  stop(): Promise<void>;
}

const pick = <T>(items: T[], n: number): T | undefined => items[n % Math.max(1, items.length)];

/**
 * `workers` loops, each as its own person, writing one request after another through `app` until stopped:
 * clients created and updated, projects created and renamed, files of 16–272 KB uploaded into projects. A
 * request that fails to connect (the instance is down) ends nothing: the loop goes on, and its value is
 * kept as possibly applied.
 */
export function startWriteLoad(app: FastifyInstance, people: SignedIn[], log: WriteLog): RunningLoad {
  let running = true;
  const worker = async (who: SignedIn, w: number) => {
    const myClients: string[] = [];
    const myProjects: string[] = [];
    for (let i = 0; running; i++) {
      const tag = `${w}-${i}-${Date.now().toString(36)}`;
      const op = i < 2 ? i : i % 5;
      log.requests += 1;
      try {
        if (op === 0) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/clients',
            headers: bearer(who.token),
            payload: { name: `Client ${tag}`, email: `client-${tag}@example.com` },
          });
          if (settled(log, res, 201, 'POST /api/clients')) {
            const id: string = res.json().data.client._id;
            myClients.push(id);
            log.clients.set(id, { owner: who, acknowledged: `Client ${tag}`, unanswered: [] });
          }
        } else if (op === 1) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/projects',
            headers: bearer(who.token),
            payload: { title: `Project ${tag}`, type: 'single' },
          });
          if (settled(log, res, 201, 'POST /api/projects')) {
            const id: string = res.json().data.project._id;
            myProjects.push(id);
            log.projects.set(id, { owner: who, acknowledged: `Project ${tag}`, unanswered: [] });
          }
        } else if (op === 2 || op === 3) {
          const [area, ids, map] =
            op === 2
              ? (['clients', myClients, log.clients] as const)
              : (['projects', myProjects, log.projects] as const);
          const id = pick(ids, i);
          if (!id) continue;
          const value = `${area === 'clients' ? 'Client' : 'Project'} renamed ${tag}`;
          const written = map.get(id)!;
          written.unanswered.push(value);
          const res = await app.inject({
            method: 'PUT',
            url: `/api/${area}/${id}`,
            headers: bearer(who.token),
            payload: area === 'clients' ? { name: value } : { title: value },
          });
          if (settled(log, res, 200, `PUT /api/${area}/:id`)) {
            written.acknowledged = value;
            written.unanswered = [];
          }
        } else {
          const projectId = pick(myProjects, i);
          if (!projectId) continue;
          const bytes = randomBytes(16 * 1024 + ((i * 7919) % 256) * 1024);
          log.unansweredUploads += 1;
          const res = await app.inject({
            method: 'POST',
            url: `/api/projects/${projectId}/files?category=stems`,
            headers: {
              ...bearer(who.token),
              'content-type': 'application/octet-stream',
              'content-disposition': `attachment; filename="stem-${tag}.bin"`,
            },
            payload: bytes,
          });
          if (settled(log, res, 201, 'POST /api/projects/:id/files')) {
            log.unansweredUploads -= 1;
            log.files.set(res.json().data.file._id, {
              owner: who,
              projectId,
              sha256: sha256(bytes),
              size: bytes.length,
            });
          }
        }
      } catch {
        // The connection failed or was cut: the instance is down. Whatever was sent stays "unanswered".
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  };
  const loops = people.map((who, w) => worker(who, w));
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Whether the answer is the expected success; anything else but a dropped connection is recorded. */
function settled(
  log: WriteLog,
  res: { statusCode: number; body: string },
  expected: number,
  what: string,
): boolean {
  if (res.statusCode === expected) {
    log.acknowledged += 1;
    return true;
  }
  // nginx-free: a dying instance cuts connections (thrown), it does not answer; any status is a finding.
  log.errors.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return false;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `count` people signed up through `app`. */
export async function people(app: FastifyInstance, count: number, prefix: string): Promise<SignedIn[]> {
  const out: SignedIn[] = [];
  for (let i = 0; i < count; i++) out.push(await registerUser(app, { name: `${prefix} ${i + 1}` }));
  return out;
}

/**
 * Reads every acknowledged write back through `app`: what is missing or different, in words (empty when
 * everything is there as acknowledged).
 */
export async function verifyWrites(app: FastifyInstance, log: WriteLog): Promise<string[]> {
  const problems: string[] = [];
  const check = async (area: 'clients' | 'projects', id: string, w: Written) => {
    const res = await app.inject({ url: `/api/${area}/${id}`, headers: bearer(w.owner.token) });
    if (res.statusCode !== 200) return problems.push(`${area} ${id}: ${res.statusCode} ${res.body}`);
    const data = res.json().data;
    const value: string = area === 'clients' ? data.client.name : data.project.title;
    if (value !== w.acknowledged && !w.unanswered.includes(value))
      problems.push(`${area} ${id}: "${value}", acknowledged "${w.acknowledged}"`);
  };
  for (const [id, w] of log.clients) await check('clients', id, w);
  for (const [id, w] of log.projects) await check('projects', id, w);
  for (const [id, f] of log.files) {
    const res = await app.inject({
      url: `/api/projects/${f.projectId}/files/${id}/download`,
      headers: bearer(f.owner.token),
    });
    if (res.statusCode !== 200) problems.push(`file ${id}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    else if (res.rawPayload.length !== f.size || sha256(res.rawPayload) !== f.sha256)
      problems.push(`file ${id}: ${res.rawPayload.length} bytes, not the ${f.size} acknowledged`);
  }
  return problems;
}
