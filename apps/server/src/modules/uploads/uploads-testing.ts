// Test helpers for resumable uploads: a real tus client (tus-js-client, which nobody here wrote) sending to the
// running app, raw protocol requests for what a well-behaved client never sends, and the upload's outcome.
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Upload as UploadAnswer } from '@mixdesk/contract/uploads';
import type { FastifyInstance } from 'fastify';
import * as tus from 'tus-js-client';
import { bearer } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';

/** The app listening on a port of this machine, for a client that speaks HTTP itself. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface SendOptions {
  chunkSize?: number;
  /** Called with the bytes sent so far; return true to stop the upload there (as a dropped connection). */
  stopAt?: (sent: number) => boolean;
  /** Resume the upload at this URL instead of creating one. */
  uploadUrl?: string;
  uploadDataDuringCreation?: boolean;
}

export interface Sent {
  url: string;
  /** True when stopAt stopped it before the end. */
  stopped: boolean;
  /** The offsets of every PATCH the client sent, in order. */
  patchOffsets: number[];
}

/** Sends `data` with tus-js-client as `token`'s user, with `metadata`; rejects with the client's error. */
export function tusSend(
  base: string,
  token: string,
  data: Buffer,
  metadata: Record<string, string>,
  opts: SendOptions = {},
): Promise<Sent> {
  const patchOffsets: number[] = [];
  return new Promise((resolve, reject) => {
    let stopped = false;
    const upload: tus.Upload = new tus.Upload(data, {
      endpoint: `${base}/api/uploads`,
      headers: bearer(token),
      metadata,
      chunkSize: opts.chunkSize ?? 64 * 1024,
      retryDelays: null,
      uploadDataDuringCreation: opts.uploadDataDuringCreation ?? false,
      ...(opts.uploadUrl === undefined ? {} : { uploadUrl: opts.uploadUrl }),
      onBeforeRequest: (req) => {
        if (req.getMethod() === 'PATCH') patchOffsets.push(Number(req.getHeader('Upload-Offset')));
      },
      onChunkComplete: (_size, sent) => {
        if (!stopped && opts.stopAt?.(sent)) {
          stopped = true;
          void upload.abort().then(() => resolve({ url: upload.url ?? '', stopped, patchOffsets }));
        }
      },
      onSuccess: () => resolve({ url: upload.url ?? '', stopped, patchOffsets }),
      onError: (err) => reject(err),
    });
    upload.start();
  });
}

/** The id at the end of an upload URL. */
export const idOf = (url: string) => url.split('/').pop() ?? '';

/** The upload's outcome once every queued job has run (GET /api/uploads/:id). */
export async function outcome(app: FastifyInstance, token: string, id: string): Promise<UploadAnswer> {
  await jobQueue(app.ctx).idle();
  const res = await app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`status failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** The files in DATA_DIR/uploads (uploads' bytes and records waiting there). */
export function waitingFiles(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(path.join(dataDir, 'uploads'), path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/** Upload-Metadata as a client writes it: `key base64` pairs. */
export const metadataHeader = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** Headers of a protocol request by `token`'s user. */
export const tusHeaders = (token: string, extra: Record<string, string> = {}) => ({
  ...bearer(token),
  'tus-resumable': '1.0.0',
  ...extra,
});

/** The size of the one file waiting in `dir` (recursively), or 0 when there is none yet. */
export function waitingBytes(dir: string): number {
  const files = (() => {
    try {
      return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    } catch {
      return [];
    }
  })();
  return files.reduce((n, e) => n + statSync(path.join(e.parentPath, e.name)).size, 0);
}

/**
 * A PATCH of `data` at `offset` whose connection is cut after `sendBytes`, once `ready()` says the server
 * has what it needs to have (a client on a train going into a tunnel): resolves when the socket is gone.
 */
export async function cutPatch(
  base: string,
  token: string,
  url: string,
  offset: number,
  data: Buffer,
  sendBytes: number,
  ready: () => boolean,
): Promise<void> {
  const req = http.request(`${base}${url}`, {
    method: 'PATCH',
    headers: tusHeaders(token, {
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'content-length': String(data.length),
    }),
  });
  const gone = new Promise<void>((resolve) => {
    req.on('error', () => resolve());
    req.on('close', () => resolve());
  });
  req.write(data.subarray(0, sendBytes));
  const end = Date.now() + 10_000;
  while (!ready()) {
    if (Date.now() > end) throw new Error('The server never received the bytes before the cut');
    await new Promise((r) => setTimeout(r, 10));
  }
  req.destroy();
  await gone;
}

/** Creation by the protocol alone (no bytes): the new upload's URL, `/api/uploads/<id>`. */
export async function createUpload(
  app: FastifyInstance,
  token: string,
  length: number,
  metadata: Record<string, string>,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(token, {
      'upload-length': String(length),
      'upload-metadata': metadataHeader(metadata),
    }),
  });
  if (res.statusCode !== 201) throw new Error(`creation failed: ${res.statusCode} ${res.body}`);
  return String(res.headers.location);
}
