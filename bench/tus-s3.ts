// npm run bench:upload:s3 — resumable uploads on S3 storage (issue #34): the same generated file (256 MiB by
// default, BENCH_S3_MIB) sent to a server whose storage is an S3-compatible bucket (s3rver from npm on this
// machine, test/s3-server.ts), once as one streamed request (POST /api/projects/:id/files, which streams the
// body into the bucket in 5 MiB parts) and once as a resumable upload in 8 MiB chunks (each chunk checked in a
// scratch file, then stored in the bucket as a multipart part before its offset is answered; the finished
// upload then copied from the waiting room into the project's files). Rounds interleaved, medians printed,
// with the ratio of the two; no bar (the issue asks for the figure).
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startS3Server } from '../apps/server/test/s3-server.ts';
import { api, ROOT, startServer } from './lib.ts';
import { TUS_CHUNK, tusRound } from './tus-upload.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const MIB = 1024 * 1024;
const TOTAL = Number(process.env.BENCH_S3_MIB ?? 256) * MIB;
const ROUNDS = Number(process.env.BENCH_S3_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3131);

/** `total` bytes of a repeating pattern, made as they are read. */
function pattern(total: number): Readable {
  const block = Buffer.alloc(MIB);
  for (let i = 0; i < block.length; i++) block[i] = (i * 31) & 0xff;
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const n = Math.min(block.length, total - sent);
      sent += n;
      this.push(n === block.length ? block : block.subarray(0, n));
    },
  });
}

/** One streamed request with the file as its body; resolves with the stored file's id. */
function singleRequest(base: string, projectId: string, token: string, total: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/projects/${projectId}/files?category=session`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'content-disposition': "attachment; filename*=UTF-8''bench-session.bin",
        'content-length': total,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => {
        if (res.statusCode !== 201) return reject(new Error(`upload failed: ${res.statusCode} ${body}`));
        resolve(JSON.parse(body).data.file._id);
      });
    });
    req.on('error', reject);
    pattern(total).pipe(req);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dataDir = path.join(ROOT, 'bench/.data/upload-s3');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const s3 = await startS3Server('mixdesk-bench');
  const c = s3.config;
  const server = await startServer(MAIN, {
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      S3_BUCKET: c.bucket,
      S3_ENDPOINT: c.endpoint ?? '',
      S3_REGION: c.region,
      S3_ACCESS_KEY_ID: c.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: c.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: '1',
      STORAGE_QUOTA_BYTES: String(1024 * 1024 * MIB),
    },
  });
  try {
    const { token } = await api(server.url, 'POST', '/api/auth/register', null, {
      name: 'Bench',
      email: `bench.${Date.now()}@example.com`,
      password: 'Bench-Password-1',
    });
    const { project } = await api(server.url, 'POST', '/api/projects', token, {
      title: 'Bench',
      type: 'album',
    });
    const projectId = project!._id;
    const remove = (fileId: string) =>
      api(server.url, 'DELETE', `/api/projects/${projectId}/files/${fileId}`, token);
    // Warm-up: both paths once, small.
    await remove(await singleRequest(server.url, projectId, token, 16 * MIB));
    await remove((await tusRound(server.url, token, projectId, pattern(16 * MIB), 16 * MIB)).fileId);
    const rounds: Array<{ single: number; tus: number; tusDone: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const fileId = await singleRequest(server.url, projectId, token, TOTAL);
      const single = (performance.now() - started) / 1000;
      await remove(fileId);
      const tus = await tusRound(server.url, token, projectId, pattern(TOTAL), TOTAL);
      await remove(tus.fileId);
      rounds.push({ single, tus: tus.bytes, tusDone: tus.done });
    }
    const rate = (k: 'single' | 'tus' | 'tusDone') => TOTAL / MIB / median(rounds.map((r) => r[k]));
    const each = (k: 'single' | 'tus' | 'tusDone') =>
      rounds.map((r) => (TOTAL / MIB / r[k]).toFixed(0)).join(', ');
    const line = (name: string, value: string) => console.log(`${name.padEnd(46)} ${value}`);
    console.log(
      `\nbench:upload:s3 — ${TOTAL / MIB} MiB into s3rver on this machine, ${ROUNDS} rounds (median)`,
    );
    line(
      'one request, POST /api/projects/:id/files',
      `${rate('single').toFixed(0).padStart(6)} MiB/s  [${each('single')}]`,
    );
    line(
      `tus, ${TUS_CHUNK / MIB} MiB chunks, last chunk acknowledged`,
      `${rate('tus').toFixed(0).padStart(6)} MiB/s  [${each('tus')}]  (every chunk a stored part before its offset)`,
    );
    line(
      'tus, until the upload is the project file',
      `${rate('tusDone').toFixed(0).padStart(6)} MiB/s  [${each('tusDone')}]`,
    );
    line(
      'ratio tus / one request',
      `${median(rounds.map((r) => r.single / r.tus))
        .toFixed(2)
        .padStart(6)}        [${rounds.map((r) => (r.single / r.tus).toFixed(2)).join(', ')}]`,
    );
    line(
      'ratio tus until done / one request',
      `${median(rounds.map((r) => r.single / r.tusDone))
        .toFixed(2)
        .padStart(6)}        [${rounds.map((r) => (r.single / r.tusDone).toFixed(2)).join(', ')}]`,
    );
  } finally {
    await server.stop();
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
