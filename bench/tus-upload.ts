// The resumable upload's part of bench:upload (issue #34): one generated file sent in 8 MiB chunks to
// /api/uploads as a project file, timed until its last chunk is acknowledged (every chunk is on the server's
// disk by then) and until the server has made it the file (its processing: on the disk a link into storage,
// in a bucket a copy). Sent by a plain protocol client here (POST, then one PATCH per chunk on a kept-alive
// connection), which measures the server; tus-js-client, the reference client the tests use, is slower in
// Node with a stream as its source (it copies each chunk together from the stream's pieces) and is measured
// once beside it.
import http from 'node:http';
import type { Readable } from 'node:stream';
import * as tus from 'tus-js-client';

export const TUS_CHUNK = 8 * 1024 * 1024;

export interface TusRound {
  /** Seconds from creation to the last chunk acknowledged. */
  bytes: number;
  /** Seconds from creation until GET /api/uploads/:id answered done. */
  done: number;
  fileId: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(method: string, url: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers: { 'tus-resumable': '1.0.0', ...headers }, agent });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The next `size` bytes of `source` (fewer at its end), gathered into one buffer. */
async function take(iterator: AsyncIterator<Buffer>, carry: Buffer[], size: number): Promise<Buffer> {
  let have = carry.reduce((n, b) => n + b.length, 0);
  while (have < size) {
    const next = await iterator.next();
    if (next.done) break;
    carry.push(next.value);
    have += next.value.length;
  }
  const all = Buffer.concat(carry.splice(0));
  if (all.length > size) carry.push(all.subarray(size));
  return all.subarray(0, size);
}

/** Creation and one PATCH per chunk, as the protocol says; resolves with the upload's URL. */
async function plainClient(
  base: string,
  token: string,
  meta: Record<string, string>,
  source: Readable,
  total: number,
) {
  const auth = { authorization: `Bearer ${token}` };
  const metadata = Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  const created = await request('POST', `${base}/api/uploads`, {
    ...auth,
    'upload-length': String(total),
    'upload-metadata': metadata,
  });
  if (created.status !== 201 || !created.location) throw new Error(`creation failed: ${created.status}`);
  const url = `${base}${created.location}`;
  const iterator = source[Symbol.asyncIterator]();
  const carry: Buffer[] = [];
  for (let offset = 0; offset < total; ) {
    const chunk = await take(iterator, carry, Math.min(TUS_CHUNK, total - offset));
    const res = await request(
      'PATCH',
      url,
      {
        ...auth,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        'content-length': String(chunk.length),
      },
      chunk,
    );
    if (res.status !== 204) throw new Error(`PATCH at ${offset} failed: ${res.status}`);
    offset += chunk.length;
  }
  return url;
}

/** Seconds to send `total` bytes in chunks to bench/sink-server.ts, which drops them: the protocol's ceiling. */
export async function tusSinkRound(sinkBase: string, source: Readable, total: number): Promise<number> {
  const started = performance.now();
  await plainClient(sinkBase, 'sink', { filename: 'sink.bin' }, source, total);
  return (performance.now() - started) / 1000;
}

export async function tusRound(
  base: string,
  token: string,
  projectId: string,
  source: Readable,
  total: number,
  client: 'plain' | 'tus-js-client' = 'plain',
): Promise<TusRound> {
  const started = performance.now();
  const meta = { target: 'file', projectId, category: 'session', filename: 'bench-session.bin' };
  const url =
    client === 'plain'
      ? await plainClient(base, token, meta, source, total)
      : await new Promise<string>((resolve, reject) => {
          const upload = new tus.Upload(source, {
            endpoint: `${base}/api/uploads`,
            headers: { authorization: `Bearer ${token}` },
            metadata: meta,
            chunkSize: TUS_CHUNK,
            uploadSize: total,
            retryDelays: null,
            onSuccess: () => resolve(upload.url ?? ''),
            onError: reject,
          });
          upload.start();
        });
  const bytes = (performance.now() - started) / 1000;
  for (;;) {
    const answer = (await fetch(`${base}${new URL(url).pathname}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json())) as { data: { status: string; message?: string; file?: { _id: string } } };
    if (answer.data.status === 'done')
      return { bytes, done: (performance.now() - started) / 1000, fileId: answer.data.file?._id ?? '' };
    if (answer.data.status === 'failed') throw new Error(`tus upload failed: ${answer.data.message}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
