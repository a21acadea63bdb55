// The real probes behind the health report: each touches the thing it reports on (a query, a PING, a
// write-read-delete, an SMTP handshake, a decode) and says what it found. Cheap ones may run every second;
// the ones that open a connection or write run at most every COSTLY_PROBE_MS, the decoder's every DECODER_PROBE_MS,
// unless tested.
import { randomBytes } from 'node:crypto';
import { statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ServiceName } from '@mixdesk/contract/diagnostics';
import type { FastifyInstance } from 'fastify';
import { mailQueueFigures } from '../../platform/mail/mail-queue.ts';
import { decoders, sineWav, startPeakDecoder } from '../media/public.ts';
import type { CacheProbeClient } from './cache-client.ts';
import type { Probe, ProbeOutcome } from './probe-runner.ts';

/** Probes that spawn a decoder, write a file or open an SMTP session: at most this often when polled. */
export const COSTLY_PROBE_MS = 30_000;
/**
 * The decoder probe starts a process (about 0.1 s of CPU for ffmpeg to load): every 5 minutes unless tested. A
 * local binary does not come and go; real decodes that fail show in their jobs at once.
 */
export const DECODER_PROBE_MS = 5 * 60_000;
/** A round trip slower than this still works, but is reported as degraded. */
const SLOW_MS = 500;
/** Less free disk than this share reads as degraded: uploads will soon fail. */
const LOW_DISK_SHARE = 0.05;

const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

function databaseProbe(app: FastifyInstance): Probe {
  return {
    maxAgeMs: 0,
    async run() {
      const { ms } = await timed(() => app.database.ping());
      const stats = app.database.stats();
      const details: ProbeOutcome['details'] =
        stats.dialect === 'sqlite'
          ? { engine: 'SQLite', fileBytes: stats.sizeBytes, walBytes: stats.walBytes }
          : {
              engine: 'PostgreSQL',
              poolInUse: stats.total - stats.idle,
              poolIdle: stats.idle,
              poolWaiting: stats.waiting,
              poolMax: stats.max,
            };
      return { status: ms > SLOW_MS ? 'degraded' : 'online', latency: ms, details };
    },
  };
}

function cacheProbe(cache: CacheProbeClient | null): Probe {
  return {
    maxAgeMs: 0,
    async run(): Promise<ProbeOutcome> {
      // No REDIS_URL: the one-instance shape, working as designed.
      if (!cache)
        return {
          status: 'online',
          latency: null,
          embedded: 'embedded, in-process (set REDIS_URL to share it between instances)',
          details: { adapter: 'in-process' },
        };
      const ms = await cache.ping();
      return { status: ms > SLOW_MS ? 'degraded' : 'online', latency: ms, details: { adapter: 'redis' } };
    },
  };
}

const countProjectRooms = (rooms: Map<string, unknown>) => {
  let n = 0;
  for (const name of rooms.keys()) if (name.startsWith('project:')) n += 1;
  return n;
};

function realtimeProbe(app: FastifyInstance, redis: boolean): Probe {
  return {
    maxAgeMs: 0,
    async run() {
      const io = app.realtime.io;
      // Through the adapter: with Redis this asks every instance, so a broken fan-out shows here.
      const { ms } = await timed(() => io.in('diagnostics:probe').fetchSockets());
      return {
        status: ms > SLOW_MS ? 'degraded' : 'online',
        latency: ms,
        details: {
          connectedSockets: io.engine.clientsCount,
          rooms: io.of('/').adapter.rooms.size,
          projectRooms: countProjectRooms(io.of('/').adapter.rooms),
          adapter: redis ? 'redis' : 'in-process',
        },
      };
    },
  };
}

function storageProbe(app: FastifyInstance): Probe {
  return {
    maxAgeMs: COSTLY_PROBE_MS,
    async run(): Promise<ProbeOutcome> {
      const { storage, config } = app.ctx;
      const key = `diagnostics/probe-${randomBytes(8).toString('hex')}`;
      const bytes = randomBytes(1024);
      const { ms } = await timed(async () => {
        await storage.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
        try {
          const chunks: Buffer[] = [];
          for await (const c of await storage.get(key)) chunks.push(c as Buffer);
          if (!Buffer.concat(chunks).equals(bytes)) throw new Error('The probe object read back differently');
        } finally {
          await storage.remove(key);
        }
      });
      // A bucket has no free space to speak of; the local disk's would say nothing about it.
      if (config.s3)
        return {
          status: ms > SLOW_MS ? 'degraded' : 'online',
          latency: ms,
          error: null,
          details: { bucket: config.s3.bucket },
        };
      const disk = await statfs(config.dataDir);
      const free = disk.bavail * disk.bsize;
      const total = disk.blocks * disk.bsize;
      const low = total > 0 && free / total < LOW_DISK_SHARE;
      return {
        status: low || ms > SLOW_MS ? 'degraded' : 'online',
        latency: ms,
        error: low ? 'Less than 5 % of the disk is free' : null,
        details: { freeBytes: free, totalBytes: total },
      };
    },
  };
}

function mailProbe(app: FastifyInstance): Probe {
  return {
    maxAgeMs: COSTLY_PROBE_MS,
    async run(): Promise<ProbeOutcome> {
      const queue = await mailQueueFigures(app.ctx.db);
      const details = { ...queue };
      if (app.ctx.mailer.transport === 'outbox') {
        const kept = await app.ctx.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'kept')
          .executeTakeFirstOrThrow();
        // No SMTP_URL: mails are kept in the mail_outbox table, as designed for a local install.
        return {
          status: 'online',
          latency: null,
          embedded: 'outbox: mails are kept in the mail_outbox table (set SMTP_URL to send them)',
          details: { ...details, kept: Number(kept.n) },
        };
      }
      // The queue's figures matter most while the server refuses: they are shown with its error.
      let ms: number;
      try {
        ({ ms } = await timed(() => app.ctx.mailer.verify()));
      } catch (err) {
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
        return { status: 'error', latency: null, error, details };
      }
      if (queue.retrying > 0)
        return {
          status: 'degraded',
          latency: ms,
          error: `${queue.retrying} mail${queue.retrying === 1 ? '' : 's'} wait for another try`,
          details,
        };
      return { status: ms > SLOW_MS * 4 ? 'degraded' : 'online', latency: ms, details };
    },
  };
}

/** The one-second tone the decoder probe reads, written once per process. */
let probeFile: Promise<string> | null = null;
function toneFile(): Promise<string> {
  probeFile ??= (async () => {
    const file = path.join(tmpdir(), `mixdesk-probe-${process.pid}-${randomBytes(4).toString('hex')}.wav`);
    await writeFile(file, sineWav({ seconds: 1, sampleRate: 8000, channels: 1 }));
    return file;
  })();
  return probeFile;
}

function audioProbe(app: FastifyInstance): Probe {
  return {
    maxAgeMs: DECODER_PROBE_MS,
    async run() {
      const file = await toneFile();
      const decoder = startPeakDecoder(decoders(app.ctx.config), file, 'wav');
      const { value, ms } = await timed(() => decoder.result).catch((err) => {
        decoder.kill();
        throw err;
      });
      if (value.samples !== 8000) throw new Error(`The decoder read ${value.samples} of 8000 samples`);
      return { status: 'online', latency: ms, details: { decoder: 'ffmpeg', probeSeconds: 1 } };
    },
  };
}

/** No external API is wired in yet: said so, not faked as online. */
const externalProbe: Probe = {
  maxAgeMs: COSTLY_PROBE_MS,
  async run() {
    return {
      status: 'offline',
      latency: null,
      configured: false,
      error: null,
      details: { note: 'No external APIs configured' },
    };
  },
};

export function createProbes(
  app: FastifyInstance,
  cache: CacheProbeClient | null,
): Record<ServiceName, Probe> {
  return {
    database: databaseProbe(app),
    cache: cacheProbe(cache),
    realtime: realtimeProbe(app, cache !== null),
    storage: storageProbe(app),
    mail: mailProbe(app),
    audio: audioProbe(app),
    external: externalProbe,
  };
}
