// npm run bench:upload — a 1 GiB WAV uploaded as a new track version through the API (the real server in its
// own process, on a port, one streamed request with the file as its body, as the web app sends it; once more
// as multipart/form-data for reference) beside writing the same bytes with a plain file
// stream, in the same run: three rounds of both, interleaved, medians printed (this machine's write speed
// swings several-fold between runs). Prints the throughput of each, their ratio (bar ≥ 0.5), the server's
// peak RSS growth (bar < 64 MiB), and for reading them: the same write with fsync; the same bytes through
// the server's own file writer with no network (an upload answers only once its bytes are flushed: on a
// slow disk this row, not the network, bounds it); and the same request sent to a bare Node server that
// drops the body (the loopback ceiling). Each round also sends the bytes as a resumable upload (tus, 8 MiB
// chunks, issue #34), held to 0.7 of the fsync'd plain write, and the same chunks to the bare server (the
// protocol's own ceiling: one request per chunk, each answered before the next); BENCH_TUS_BIG_GIB=20 adds one upload of 20 GiB
// under the same memory bound. BENCH_UPLOAD_MIB sets the size
// for a quick check (default 1024), BENCH_UPLOAD_ROUNDS the rounds.
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { supportsDirectWrites, writeFileFrom } from '../apps/server/src/platform/storage/file-writer.ts';
import { api, cpuMicros, machineTicks, ROOT, startServer, stealSince } from './lib.ts';
import { TUS_CHUNK, tusRound, tusSinkRound } from './tus-upload.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const MIB = 1024 * 1024;
const TOTAL = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MIB;
const PORT = Number(process.env.BENCH_PORT ?? 3121);
/** The single upload against a plain write; the resumable one (tus) against a plain write with fsync. */
const BARS = { ratio: 0.5, rssMiB: 64, tusRatio: 0.7 };
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const SINK = path.join(ROOT, 'bench/sink-server.ts');

/** A stereo 16-bit 44.1 kHz WAV of `total` bytes (a 440 Hz sine), generated chunk by chunk as it is read. */
function wavStream(total: number): Readable {
  const rate = 44_100;
  // Six seconds per chunk (about 1 MiB): small chunks would measure the client, not the server.
  const second = Buffer.alloc(rate * 4 * 6);
  for (let i = 0; i < rate * 6; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 0.5 * 32767);
    second.writeInt16LE(v, i * 4);
    second.writeInt16LE(v, i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(total - 8, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(total - 44, 40);
  let sent = 0;
  return new Readable({
    highWaterMark: 2 * MIB,
    read() {
      if (sent === 0) {
        sent = header.length;
        this.push(header);
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const n = Math.min(second.length, total - sent);
      sent += n;
      this.push(n === second.length ? second : second.subarray(0, n));
    },
  });
}

/** `total` bytes of a repeating pattern, made 4 MiB at a time as they are read (any size; not a WAV). */
function patternStream(total: number): Readable {
  const block = Buffer.alloc(4 * MIB);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
  let sent = 0;
  return new Readable({
    highWaterMark: 8 * MIB,
    read() {
      if (sent >= total) return void this.push(null);
      const n = Math.min(block.length, total - sent);
      sent += n;
      this.push(n === block.length ? block : block.subarray(0, n));
    },
  });
}

function rssOf(pid: number): number {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0; // the server has gone (a failed run's error is reported instead)
  }
  const line = status.match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) * 1024;
}

/**
 * One streamed upload, as the web app sends it (the file as the body, the label in the query string, the
 * name in Content-Disposition) or as multipart/form-data; resolves with the response once it has arrived.
 */
function upload(base: string, url: string, token: string, total: number, form: 'raw' | 'multipart' = 'raw') {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    form === 'raw'
      ? ''
      : `--${boundary}\r\nContent-Disposition: form-data; name="label"\r\n\r\nBench master\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.wav"\r\n` +
          'Content-Type: audio/wav\r\n\r\n',
  );
  const tail = Buffer.from(form === 'raw' ? '' : `\r\n--${boundary}--\r\n`);
  const headers =
    form === 'raw'
      ? {
          'content-type': 'application/octet-stream',
          'content-disposition': "attachment; filename*=UTF-8''bench.wav",
        }
      : { 'content-type': `multipart/form-data; boundary=${boundary}` };
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${url}${form === 'raw' ? '?label=Bench%20master' : ''}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...headers,
        'content-length': head.length + total + tail.length,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    if (head.length > 0) req.write(head);
    const source = wavStream(total);
    source.on('end', () => req.end(tail));
    source.pipe(req, { end: false });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (since: number) => (performance.now() - since) / 1000;

/** Runs `write` (which creates `file`), removes the file again, and returns the seconds the write took. */
async function timedWrite(file: string, write: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await write();
  const took = seconds(started);
  rmSync(file);
  return took;
}

/** The generated bytes written into `file` with a plain file stream. */
/**
 * The generated bytes written with an fsync after every 8 MiB, as a resumable upload must (each chunk on the
 * disk before its offset is answered): the machine's ceiling for that work, with no network and no server.
 */
const chunkSyncedWrite = (file: string) =>
  timedWrite(file, async () => {
    const handle = await open(file, 'w');
    try {
      let position = 0;
      let sinceSync = 0;
      for await (const piece of wavStream(TOTAL)) {
        const bytes = piece as Buffer;
        await handle.write(bytes, 0, bytes.length, position);
        position += bytes.length;
        sinceSync += bytes.length;
        if (sinceSync >= TUS_CHUNK) {
          await handle.sync();
          sinceSync = 0;
        }
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
  });

const plainWrite = (file: string, flush = false) =>
  timedWrite(file, () => pipeline(wavStream(TOTAL), createWriteStream(file, { flush })));

/** The generated bytes written with the server's own file writer, flushed, as an upload's are. */
const writerOnly = (file: string, direct: boolean) =>
  timedWrite(file, () => writeFileFrom(file, wavStream(TOTAL), { maxBytes: TOTAL, direct }));

async function main() {
  const dataDir = path.join(ROOT, 'bench/.data/upload');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const plainFile = path.join(dataDir, 'plain.wav');
  const direct = await supportsDirectWrites(dataDir);

  const sink = await startServer(SINK, { port: PORT + 1, healthPath: '/' });
  const server = await startServer(MAIN, {
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // Room for BENCH_TUS_BIG_GIB, in one upload and in the account's storage.
      MAX_UPLOAD_BYTES: String(Math.max(2, Number(process.env.BENCH_TUS_BIG_GIB ?? 0) + 1) * 1024 * MIB),
      STORAGE_QUOTA_BYTES: String(1024 * 1024 * MIB),
    },
  });
  try {
    const pid = server.child.pid!;
    const email = `bench.${Date.now()}@example.com`;
    const { token } = await api(server.url, 'POST', '/api/auth/register', null, {
      name: 'Bench',
      email,
      password: 'Bench-Password-1',
    });
    const { project } = await api(server.url, 'POST', '/api/projects', token, {
      title: 'Bench',
      type: 'album',
    });
    const { track } = await api(server.url, 'POST', `/api/projects/${project!._id}/tracks`, token, {
      title: 'Big',
    });
    const url = `/api/projects/${project!._id}/tracks/${track!._id}/versions`;
    /** Waits for a version's waveform job, so that it never shares the CPU with a measured upload. */
    const waveformOf = async (peaksUrl: string) => {
      for (;;) {
        await new Promise((r) => setTimeout(r, 50));
        const answer = await fetch(`${server.url}${peaksUrl}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const peaks = ((await answer.json()) as { data: { status: string; peaks: number[] } }).data;
        if (peaks.status !== 'pending') return peaks;
      }
    };
    // Memory is measured from before the warm-up, so the growth includes the upload path's first buffers.
    const rssBefore = rssOf(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssOf(pid));
    }, 10);
    // Warm-up: load every module the upload path uses and let the JIT compile it (a few MiB left the first
    // measured round at half speed while V8 compiled it), and write the size once so that neither side
    // below pays for this virtual machine touching fresh memory for the first time.
    const warm = await upload(server.url, url, token, Math.min(TOTAL, 256 * MIB));
    if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
    await waveformOf(JSON.parse(warm.body).data.version.peaksUrl);
    await plainWrite(plainFile);

    const rounds: Array<{
      plain: number;
      synced: number;
      chunkSynced: number;
      writer: number;
      sink: number;
      upload: number;
      cpu: number;
      waveform: number;
      steal: number;
      tus: number;
      tusDone: number;
      tusSink: number;
    }> = [];
    let lastVersion: { duration: number; peaks: number } | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const plain = await plainWrite(plainFile);
      const synced = await plainWrite(plainFile, true);
      const chunkSynced = await chunkSyncedWrite(plainFile);
      let started = performance.now();
      const dropped = await upload(sink.url, '/', token, TOTAL);
      const sinkSeconds = seconds(started);
      if (dropped.status !== 200) throw new Error(`sink upload failed: ${dropped.status}`);
      const writer = await writerOnly(plainFile, direct);

      started = performance.now();
      const serverCpu = cpuMicros(pid);
      const ticks = machineTicks();
      const res = await upload(server.url, url, token, TOTAL);
      const uploadSeconds = seconds(started);
      const steal = stealSince(ticks);
      const cpu = (cpuMicros(pid) - serverCpu) / 1e6;
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.body.slice(0, 300)}`);
      const { version } = JSON.parse(res.body).data as {
        version: { _id: string; duration: number; peaksUrl: string };
      };
      // The waveform job decodes the whole file once, after the upload has answered: report when it is
      // done, and let it finish before the next round so it does not share the CPU with it.
      const peaks = await waveformOf(version.peaksUrl);
      // The same bytes as a resumable upload in 8 MiB chunks (a project file: no waveform to wait for).
      const tus = await tusRound(server.url, token, project!._id, wavStream(TOTAL), TOTAL);
      const tusSink = await tusSinkRound(sink.url, wavStream(TOTAL), TOTAL);
      await api(server.url, 'DELETE', `/api/projects/${project!._id}/files/${tus.fileId}`, token);
      rounds.push({
        tus: tus.bytes,
        tusDone: tus.done,
        tusSink,
        plain,
        synced,
        chunkSynced,
        writer,
        sink: sinkSeconds,
        upload: uploadSeconds,
        cpu,
        waveform: seconds(started),
        steal,
      });
      lastVersion = { duration: version.duration, peaks: peaks.peaks.length };
      // Each round's gigabyte is removed again, so the rounds start alike.
      await api(server.url, 'DELETE', `${url}/${version._id}`, token);
    }
    // BENCH_TUS_BIG_GIB: one resumable upload that large (a generated stream, nothing kept in memory on
    // either side), under the same memory bound: the server's RSS is sampled throughout.
    const bigGiB = Number(process.env.BENCH_TUS_BIG_GIB ?? 0);
    let big: { seconds: number; done: number } | null = null;
    if (bigGiB > 0) {
      const bigTotal = bigGiB * 1024 * MIB;
      const round = await tusRound(server.url, token, project!._id, patternStream(bigTotal), bigTotal);
      big = { seconds: round.bytes, done: round.done };
      await api(server.url, 'DELETE', `/api/projects/${project!._id}/files/${round.fileId}`, token);
    }
    // For reading the figures: the reference tus client, once.
    const viaTusJs = await tusRound(
      server.url,
      token,
      project!._id,
      wavStream(TOTAL),
      TOTAL,
      'tus-js-client',
    );
    await api(server.url, 'DELETE', `/api/projects/${project!._id}/files/${viaTusJs.fileId}`, token);
    // For reading the figures: the same upload as multipart/form-data, once (not held to the bar).
    const started = performance.now();
    const form = await upload(server.url, url, token, TOTAL, 'multipart');
    const multipartSeconds = seconds(started);
    if (form.status !== 201) throw new Error(`multipart upload failed: ${form.status} ${form.body}`);
    await waveformOf(JSON.parse(form.body).data.version.peaksUrl);
    clearInterval(sampler);

    const mib = TOTAL / MIB;
    type Row =
      | 'plain'
      | 'synced'
      | 'chunkSynced'
      | 'writer'
      | 'sink'
      | 'upload'
      | 'tus'
      | 'tusDone'
      | 'tusSink';
    const rate = (key: Row) => median(rounds.map((r) => mib / r[key]));
    const each = (key: Row) => rounds.map((r) => (mib / r[key]).toFixed(0)).join(', ');
    const plainRate = rate('plain');
    const uploadRate = rate('upload');
    const ratio = median(rounds.map((r) => r.plain / r.upload));
    const growth = (rssPeak - rssBefore) / MIB;
    const line = (name: string, value: string) => console.log(`${name.padEnd(44)} ${value}`);
    console.log(
      `\nUpload of a ${mib} MiB WAV (${((lastVersion?.duration ?? 0) / 60).toFixed(1)} min of audio), ${ROUNDS} rounds, medians (each round in brackets)`,
    );
    line('plain file stream write', `${plainRate.toFixed(0).padStart(6)} MiB/s  [${each('plain')}]`);
    line(
      '  the same with fsync (reference)',
      `${rate('synced').toFixed(0).padStart(6)} MiB/s  [${each('synced')}]`,
    );
    line(
      `  file writer alone, no network${direct ? ' (O_DIRECT)' : ''}`,
      `${rate('writer').toFixed(0).padStart(6)} MiB/s  [${each('writer')}]  = ${(rate('writer') / plainRate).toFixed(2)} of plain (flushed, as an upload is)`,
    );
    line(
      '  bare Node server, body dropped (ceiling)',
      `${rate('sink').toFixed(0).padStart(6)} MiB/s  [${each('sink')}]  = ${(rate('sink') / plainRate).toFixed(2)} of plain`,
    );
    line(
      'POST …/versions, raw body (stored, probed)',
      `${uploadRate.toFixed(0).padStart(6)} MiB/s  [${each('upload')}]`,
    );
    line(
      '  the same sent as multipart/form-data',
      `${(mib / multipartSeconds).toFixed(0).padStart(6)} MiB/s  (one upload, for reference)`,
    );
    line(
      '  server CPU per upload',
      `${median(rounds.map((r) => r.cpu))
        .toFixed(2)
        .padStart(6)} s`,
    );
    line(
      '  host steal during the upload',
      `${median(rounds.map((r) => r.steal))
        .toFixed(0)
        .padStart(6)} %  (CPU time the host gave to other guests)`,
    );
    line(
      'waveform job (ffmpeg decode, peaks)',
      `ready with ${lastVersion?.peaks} peaks, ${median(rounds.map((r) => r.waveform)).toFixed(2)} s after the upload began`,
    );
    line(
      `PATCH /api/uploads/:id, tus, ${TUS_CHUNK / MIB} MiB chunks`,
      `${rate('tus').toFixed(0).padStart(6)} MiB/s  [${each('tus')}]  (every chunk fsync'd before its offset is answered)`,
    );
    line(
      '  until made the file (on the disk: linked into place)',
      `${rate('tusDone').toFixed(0).padStart(6)} MiB/s  [${each('tusDone')}]`,
    );
    line(
      '  the same sent by tus-js-client (Node, stream)',
      `${(mib / viaTusJs.bytes).toFixed(0).padStart(6)} MiB/s  (one upload, for reference: the client copies each chunk together)`,
    );
    if (big)
      line(
        `  one of ${bigGiB} GiB (BENCH_TUS_BIG_GIB)`,
        `${((bigGiB * 1024) / big.seconds).toFixed(0).padStart(6)} MiB/s  (made the file after ${big.done.toFixed(0)} s; memory below)`,
      );
    line(
      `  plain write, fsync every ${TUS_CHUNK / MIB} MiB (page cache)`,
      `${rate('chunkSynced').toFixed(0).padStart(6)} MiB/s  [${each('chunkSynced')}]  = ${(rate('chunkSynced') / rate('synced')).toFixed(2)} of the fsync'd write; tus reaches ${median(rounds.map((r) => r.chunkSynced / r.tus)).toFixed(2)} of it`,
    );
    line(
      '  the same chunks to a bare server that drops them',
      `${rate('tusSink').toFixed(0).padStart(6)} MiB/s  [${each('tusSink')}]  (the protocol's ceiling over loopback: one request per chunk, each answered before the next); tus reaches ${median(rounds.map((r) => r.tusSink / r.tus)).toFixed(2)} of it`,
    );
    const tusRatio = median(rounds.map((r) => r.synced / r.tus));
    const tusOk = tusRatio >= BARS.tusRatio;
    line(
      "ratio tus / fsync'd plain write",
      `${tusRatio.toFixed(2).padStart(6)}        bar ≥ ${BARS.tusRatio}  ${tusOk ? 'ok' : 'BELOW BAR'}  [${rounds.map((r) => (r.synced / r.tus).toFixed(2)).join(', ')}]`,
    );
    const ratioOk = ratio >= BARS.ratio;
    const rssOk = growth < BARS.rssMiB;
    line(
      'ratio upload / plain',
      `${ratio.toFixed(2).padStart(6)}        bar ≥ ${BARS.ratio}  ${ratioOk ? 'ok' : 'BELOW BAR'}  [${rounds.map((r) => (r.plain / r.upload).toFixed(2)).join(', ')}]`,
    );
    line(
      "  against the fsync'd plain write (reference)",
      `${median(rounds.map((r) => r.synced / r.upload))
        .toFixed(2)
        .padStart(
          6,
        )}        (the upload is flushed before it answers)  [${rounds.map((r) => (r.synced / r.upload).toFixed(2)).join(', ')}]`,
    );
    line(
      'server peak RSS growth (uploads and jobs)',
      `${growth.toFixed(1).padStart(6)} MiB    bar < ${BARS.rssMiB} MiB  ${rssOk ? 'ok' : 'ABOVE BAR'}`,
    );
    if (!ratioOk || !rssOk || !tusOk) process.exitCode = 1;
  } finally {
    await server.stop();
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
