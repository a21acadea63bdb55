// npm run bench:packages [-- <GB>] — a project's deliverables (issue #36) as one ZIP: N project files totalling
// 2 GB by default (the first argument, or BENCH_PACKAGES_GB, sets it: `npm run bench:packages -- 10` for
// 10 GB; BENCH_PACKAGES_FILES the count, 8 by default), uploaded through the API to a server on this machine
// with disk storage, then:
//   1. the time to the first byte of GET /api/projects/:id/package.zip, with the digests still to compute
//      (every object read once before the first byte) and with them known (the periodic job's work done);
//   2. the throughput of downloading the whole package over HTTP against reading the same stored files with
//      fs streams in the same run, in interleaved rounds: with the files evicted from the page cache before
//      each read (the bar: ratio ≥ 0.8), and with them cached, where the figure is loopback HTTP's; beside it
//      the same files piped by a bare node:http server in a process of its own (the transport's ceiling);
//   3. the server's RSS growth during each download, sampled every 50 ms (bar: < 100 MB for a 10 GB package).
// Then the same on S3 storage (s3rver from npm on this machine, test/s3-server.ts) with a smaller package
// (BENCH_PACKAGES_S3_MB, 512 by default; 0 skips it), against reading the same objects with GetObject.
// Prints figures; asserts nothing.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startS3Server } from '../apps/server/test/s3-server.ts';
import { api, ROOT, type Running, startServer } from './lib.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const MB = 1_000_000;
const GB = Number(process.argv[2] ?? process.env.BENCH_PACKAGES_GB ?? 2);
const FILES = Number(process.env.BENCH_PACKAGES_FILES ?? 8);
const ROUNDS = Number(process.env.BENCH_PACKAGES_ROUNDS ?? 3);
const S3_MB = Number(process.env.BENCH_PACKAGES_S3_MB ?? 512);
const PORT = Number(process.env.BENCH_PORT ?? 3151);

/** `total` bytes of a pattern that differs per file, made as they are read. */
function pattern(total: number, seed: number): Readable {
  const block = Buffer.alloc(4 * 1024 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = (i * 31 + seed * 7 + (i >> 12)) & 0xff;
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

function upload(base: string, token: string, projectId: string, name: string, size: number, seed: number) {
  return new Promise<void>((resolve, reject) => {
    const req = http.request(`${base}/api/projects/${projectId}/files?category=session`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
        'content-length': size,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 201 ? resolve() : reject(new Error(`upload: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    pattern(size, seed).pipe(req);
  });
}

/** The server's resident memory now, in bytes (Linux /proc). */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  return Number(line?.[1] ?? 0) * 1024;
}

interface Download {
  firstByteMs: number;
  seconds: number;
  bytes: number;
  /** The highest RSS seen while it ran, less the RSS just before. */
  rssGrowth: number;
}

/** One download of `url`, its body counted and dropped; the server's RSS sampled meanwhile. */
function download(url: string, token: string, pid: number, method = 'GET'): Promise<Download> {
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 50);
  const started = performance.now();
  return new Promise<Download>((resolve, reject) => {
    const req = http.request(url, { method, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let firstByteMs = performance.now() - started;
      let bytes = 0;
      let first = true;
      res.on('data', (chunk: Buffer) => {
        if (first) {
          firstByteMs = performance.now() - started;
          first = false;
        }
        bytes += chunk.length;
      });
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, rss(pid));
        if (res.statusCode !== 200) return reject(new Error(`download: ${res.statusCode}`));
        const expected = Number(res.headers['content-length']);
        if (method === 'GET' && bytes !== expected) return reject(new Error(`${bytes} of ${expected} bytes`));
        resolve({
          firstByteMs,
          seconds: (performance.now() - started) / 1000,
          bytes,
          rssGrowth: peak - before,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Read {
  seconds: number;
  bytes: number;
}

/** Reads every stored file once with fs streams, as a plain copy from disk would. */
async function readFromDisk(files: string[]): Promise<Read> {
  const started = performance.now();
  let bytes = 0;
  for (const file of files) {
    const stream = createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream.on('data', (chunk) => {
      bytes += chunk.length;
    });
    await once(stream, 'end');
  }
  return { seconds: (performance.now() - started) / 1000, bytes };
}

/** Drops the files from the page cache (GNU dd: "count=0" with "nocache" drops the whole file), others' kept. */
function evict(files: string[]): void {
  for (const file of files) execFileSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
}

/**
 * The transport's ceiling: a bare node:http server in a process of its own (no framework, no ZIP) piping the
 * same files one after the other, read as the package reads them (1 MiB at a time).
 */
async function bareHttpServer(files: string[], port: number) {
  const code = `
    const http = require('node:http');
    const fs = require('node:fs');
    const { once } = require('node:events');
    const files = ${JSON.stringify(files)};
    http.createServer(async (req, res) => {
      res.setHeader('content-length', files.reduce((n, f) => n + fs.statSync(f).size, 0));
      for (const file of files) {
        const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
        stream.pipe(res, { end: false });
        await once(stream, 'end');
      }
      res.end();
    }).listen(${port}, '127.0.0.1', () => console.log('listening'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(child.stdout!, 'data');
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    close: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const line = (name: string, value: string) => console.log(`${name.padEnd(58)} ${value}`);
const mbps = (bytes: number, seconds: number) => `${(bytes / MB / seconds).toFixed(0)} MB/s`;

async function project(server: Running, totalBytes: number, files: number) {
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
  const each = Math.floor(totalBytes / files);
  const started = performance.now();
  for (let i = 0; i < files; i++) await upload(server.url, token, projectId, `take ${i + 1}.wav`, each, i);
  const uploadSeconds = (performance.now() - started) / 1000;
  return { token, projectId, bytes: each * files, uploadSeconds };
}

function serverEnv(dataDir: string, totalBytes: number, extra: Record<string, string> = {}) {
  return {
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    MAX_UPLOAD_BYTES: String(totalBytes + MB),
    STORAGE_QUOTA_BYTES: String(4 * totalBytes + 1024 * MB),
    ...extra,
  };
}

async function onDisk() {
  const totalBytes = Math.round(GB * 1000 * MB);
  const dataDir = path.join(ROOT, 'bench/.data/packages');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const server = await startServer(MAIN, { port: PORT, env: serverEnv(dataDir, totalBytes) });
  const pid = server.child.pid!;
  try {
    const p = await project(server, totalBytes, FILES);
    const url = `${server.url}/api/projects/${p.projectId}/package.zip`;
    console.log(
      `\nbench:packages — ${FILES} files, ${(p.bytes / MB).toFixed(0)} MB in all, disk storage (${p.uploadSeconds.toFixed(1)} s to upload)`,
    );
    // The first request finds no digests: every object is read once before the first byte.
    const cold = await download(url, p.token, pid, 'HEAD');
    line('first byte, digests still to compute (HEAD)', `${(cold.firstByteMs / 1000).toFixed(2)} s`);
    line('  RSS growth meanwhile', `${(cold.rssGrowth / MB).toFixed(1)} MB`);
    const stored = readdirFiles(path.join(dataDir, 'files'));
    const ceiling = await bareHttpServer(stored, PORT + 10);
    type Round = Record<'pkgCold' | 'pkgHot' | 'ceiling', Download> & Record<'diskCold' | 'diskHot', Read>;
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      evict(stored);
      const pkgCold = await download(url, p.token, pid);
      evict(stored);
      const diskCold = await readFromDisk(stored);
      const pkgHot = await download(url, p.token, pid);
      const diskHot = await readFromDisk(stored);
      const bare = await download(ceiling.url, p.token, ceiling.pid);
      rounds.push({ pkgCold, diskCold, pkgHot, diskHot, ceiling: bare });
    }
    await ceiling.close();
    const rate = (r: Round, k: keyof Round) => r[k].bytes / MB / r[k].seconds;
    const figure = (k: keyof Round) =>
      `${median(rounds.map((r) => rate(r, k))).toFixed(0)} MB/s  [${rounds.map((r) => rate(r, k).toFixed(0)).join(', ')}]`;
    const ratio = (a: keyof Round, b: keyof Round) => {
      const each = rounds.map((r) => rate(r, a) / rate(r, b));
      return `${median(each).toFixed(2)}  [${each.map((x) => x.toFixed(2)).join(', ')}]`;
    };
    line(
      'first byte, digests known (GET)',
      `${median(rounds.map((r) => r.pkgHot.firstByteMs)).toFixed(0)} ms  [${rounds.map((r) => r.pkgHot.firstByteMs.toFixed(0)).join(', ')}] (bar < 2000 ms)`,
    );
    console.log(`files not in the page cache (evicted before each read: dd iflag=nocache count=0)`);
    line(`  package over HTTP (${(rounds[0]!.pkgCold.bytes / MB).toFixed(0)} MB)`, figure('pkgCold'));
    line(`  the same files read from disk, fs streams`, figure('diskCold'));
    line('  ratio package / disk (median of rounds; bar ≥ 0.8)', ratio('pkgCold', 'diskCold'));
    console.log('files in the page cache');
    line('  package over HTTP', figure('pkgHot'));
    line('  the same files read from disk, fs streams', figure('diskHot'));
    line('  ratio package / disk (median of rounds)', ratio('pkgHot', 'diskHot'));
    line('  the same files piped by a bare node:http server', figure('ceiling'));
    line('  ratio package / bare node:http server', ratio('pkgHot', 'ceiling'));
    const growth = rounds.flatMap((r) => [r.pkgCold.rssGrowth, r.pkgHot.rssGrowth]);
    line(
      'server RSS growth during a download (max of all)',
      `${(Math.max(...growth) / MB).toFixed(1)} MB  [${growth.map((g) => (g / MB).toFixed(1)).join(', ')}] (bar < 100 MB for 10 GB)`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every stored file under the storage root. */
function readdirFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

async function onS3() {
  const totalBytes = S3_MB * MB;
  const dataDir = path.join(ROOT, 'bench/.data/packages-s3');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const s3 = await startS3Server('mixdesk-bench-packages');
  const c = s3.config;
  const server = await startServer(MAIN, {
    port: PORT + 1,
    env: serverEnv(dataDir, totalBytes, {
      S3_BUCKET: c.bucket,
      S3_ENDPOINT: c.endpoint ?? '',
      S3_REGION: c.region,
      S3_ACCESS_KEY_ID: c.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: c.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: '1',
    }),
  });
  const pid = server.child.pid!;
  const client = new S3Client({
    endpoint: c.endpoint,
    region: c.region,
    forcePathStyle: true,
    credentials: { accessKeyId: c.accessKeyId!, secretAccessKey: c.secretAccessKey! },
  });
  try {
    const files = Math.max(1, Math.min(FILES, 4));
    const p = await project(server, totalBytes, files);
    const url = `${server.url}/api/projects/${p.projectId}/package.zip`;
    console.log(
      `\nS3 (s3rver on this machine) — ${files} files, ${(p.bytes / MB).toFixed(0)} MB (${p.uploadSeconds.toFixed(1)} s to upload)`,
    );
    const cold = await download(url, p.token, pid, 'HEAD');
    line('first byte, digests still to compute (HEAD)', `${(cold.firstByteMs / 1000).toFixed(2)} s`);
    const keys = (await s3.keys()).filter((k) => k.includes('/files/'));
    const rounds: Array<{ pkg: Download; direct: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pkg = await download(url, p.token, pid);
      const started = performance.now();
      for (const key of keys) {
        const got = await client.send(new GetObjectCommand({ Bucket: c.bucket, Key: key }));
        for await (const _ of got.Body as Readable);
      }
      rounds.push({ pkg, direct: (performance.now() - started) / 1000 });
    }
    line('first byte, digests known (GET)', `${median(rounds.map((r) => r.pkg.firstByteMs)).toFixed(0)} ms`);
    line('package over HTTP from S3', mbps(rounds[0]!.pkg.bytes, median(rounds.map((r) => r.pkg.seconds))));
    line('the same objects with GetObject', mbps(p.bytes, median(rounds.map((r) => r.direct))));
    const ratios = rounds.map((r) => r.pkg.bytes / r.pkg.seconds / (p.bytes / r.direct));
    line(
      'ratio package / GetObject (median)',
      `${median(ratios).toFixed(2)}  [${ratios.map((r) => r.toFixed(2)).join(', ')}]`,
    );
    line(
      'server RSS growth during a download (max)',
      `${(Math.max(...rounds.map((r) => r.pkg.rssGrowth)) / MB).toFixed(1)} MB`,
    );
  } finally {
    client.destroy();
    await server.stop();
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await onDisk();
if (S3_MB > 0) await onS3();
