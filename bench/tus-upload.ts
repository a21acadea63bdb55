// The resumable upload's part of bench:upload (issue #34): one generated file sent with tus-js-client in 8 MiB
// chunks to /api/uploads as a project file, timed until its last chunk is acknowledged (every chunk is on the
// server's disk by then) and until the server has made it the file (its processing: the copy into storage).
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

export async function tusRound(
  base: string,
  token: string,
  projectId: string,
  source: Readable,
  total: number,
): Promise<TusRound> {
  const started = performance.now();
  const url = await new Promise<string>((resolve, reject) => {
    const upload = new tus.Upload(source, {
      endpoint: `${base}/api/uploads`,
      headers: { authorization: `Bearer ${token}` },
      metadata: { target: 'file', projectId, category: 'session', filename: 'bench-session.bin' },
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
