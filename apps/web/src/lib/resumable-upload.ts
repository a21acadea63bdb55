// Every upload of the web app goes through the server's resumable uploads (tus 1.0 at /api/uploads, issue #34)
// with tus-js-client, loaded only when a file is sent: 8 MiB chunks, each acknowledged once it is on the
// server's disk; a dropped connection is tried again by itself (longer and longer waits, and at once when
// the browser says it is back online); and a file chosen again after a reload resumes where it stopped (the
// upload's URL is remembered per file and target in localStorage). Signed in like the API client: its bearer
// token on every request (renewed on a 401) and its CSRF token.
import { fillPath } from '@mixdesk/contract/routes';
import { uploadRoutes } from '@mixdesk/contract/routes/uploads';
import type { Upload as UploadAnswer } from '@mixdesk/contract/uploads';
import type { DetailedError, HttpRequest, Upload } from 'tus-js-client';
import { type ApiClient, ApiError, api, CSRF_HEADER, messageOf } from './api';
import type { UploadProgress } from './upload';

/** What the file becomes: Upload-Metadata's target and its fields (all text). */
export type UploadTarget =
  | { target: 'version'; projectId: string; trackId: string; label?: string; makeCurrent?: 'true' | 'false' }
  | { target: 'file'; projectId: string; category: string }
  | {
      target: 'stem';
      projectId: string;
      trackId: string;
      versionId: string;
      name?: string;
      role?: string;
      /** A stem of that version whose audio the file replaces. */
      replace?: string;
    }
  | { target: 'avatar' };

export const CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits between tries after a failed request: a few quick ones, then up to a minute, for about ten minutes. */
const RETRY_DELAYS = [
  0, 1000, 2000, 3000, 5000, 5000, 10_000, 10_000, 20_000, 30_000, 30_000, 60_000, 60_000, 60_000,
];
/** How often the outcome is asked for while the server processes the file. */
const POLL_MS = 1000;

export interface ResumableOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** The connection was lost and the upload waits to try again (true), or goes on (false). */
  onRetrying?: (retrying: boolean) => void;
  /** The server has all the bytes and is checking and storing the file. */
  onProcessing?: () => void;
  client?: ApiClient;
  /** Tests lower it. */
  chunkSize?: number;
}

export interface ResumableUpload {
  /** Resolves with what the file became once the server is done; rejects with its reason (ApiError). */
  done: Promise<UploadAnswer>;
  /** Stops sending; what arrived stays on the server. */
  pause(): void;
  /** Goes on from where the server stands. */
  resume(): void;
  /** Stops and removes the upload from the server. */
  cancel(): Promise<void>;
}

const fieldsOf = (target: UploadTarget): Record<string, string> =>
  Object.fromEntries(Object.entries(target).filter(([, v]) => v !== undefined)) as Record<string, string>;

/** The answer's error, as the API client reports it. */
function errorOf(err: Error | DetailedError): ApiError {
  const response = (err as DetailedError).originalResponse;
  if (!response) return new ApiError(0, 'Network error occurred');
  const status = response.getStatus();
  let body: unknown = null;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    body = response.getBody();
  }
  return new ApiError(status, messageOf(body) ?? `HTTP ${status}`, body);
}

async function outcome(client: ApiClient, id: string, onProcessing?: () => void): Promise<UploadAnswer> {
  onProcessing?.();
  for (;;) {
    const route = uploadRoutes.status;
    const answer = (await client.get(fillPath(route.path, { id }), { schema: route.response })).data;
    if (answer.status === 'done') return answer;
    if (answer.status === 'failed') throw new ApiError(422, answer.message ?? 'The upload failed.', answer);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Starts (or resumes) the upload of `file` as `target`. */
export function startResumableUpload(
  file: File,
  target: UploadTarget,
  opts: ResumableOptions = {},
): ResumableUpload {
  const client = opts.client ?? api;
  let upload: Upload | null = null;
  let paused = false;
  let settled = false;
  let cancelled: (reason: unknown) => void = () => undefined;
  const online = () => {
    // Back online: try at once rather than at the end of the current wait.
    if (upload && !paused && !settled) {
      void upload.abort().then(() => upload?.start());
    }
  };
  const done = (async () => {
    const [{ Upload }, csrf] = await Promise.all([import('tus-js-client'), client.csrfToken()]);
    return new Promise<UploadAnswer>((resolve, reject) => {
      cancelled = reject;
      const finish = (run: () => void) => {
        settled = true;
        window.removeEventListener('online', online);
        run();
      };
      const tus: Upload = new Upload(file, {
        endpoint: client.url(uploadRoutes.create.path),
        chunkSize: opts.chunkSize ?? CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        metadata: {
          ...fieldsOf(target),
          filename: file.webkitRelativePath || file.name,
          filetype: file.type,
        },
        // The same file for the same target resumes; the same file sent elsewhere is a new upload.
        fingerprint: async (f: File) =>
          [
            'mixdesk',
            JSON.stringify(fieldsOf(target)),
            f.webkitRelativePath || f.name,
            f.size,
            f.lastModified,
          ].join('|'),
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onBeforeRequest: (req: HttpRequest) => {
          const token = client.tokens.get();
          if (token) req.setHeader('Authorization', `Bearer ${token}`);
          req.setHeader(CSRF_HEADER, csrf);
          req.setHeader('Accept', 'application/json');
          const xhr = req.getUnderlyingObject() as XMLHttpRequest;
          xhr.withCredentials = true;
        },
        onShouldRetry: (err, _attempt, _options) => {
          const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
          // An expired session: renew it, then the next try carries the new token.
          if (status === 401) {
            void client.refresh().catch(() => false);
            return true;
          }
          const retry = status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
          if (retry) opts.onRetrying?.(true);
          return retry;
        },
        onProgress: (loaded, total) => {
          opts.onRetrying?.(false);
          opts.onProgress?.({ loaded, total, fraction: total > 0 ? loaded / total : 0 });
        },
        onSuccess: () => {
          const id = (tus.url ?? '').split('/').pop() ?? '';
          outcome(client, id, opts.onProcessing).then(
            (answer) => finish(() => resolve(answer)),
            (err) => finish(() => reject(err)),
          );
        },
        onError: (err) => finish(() => reject(errorOf(err))),
      });
      upload = tus;
      window.addEventListener('online', online);
      void tus.findPreviousUploads().then((previous) => {
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) tus.resumeFromPreviousUpload(latest);
        if (!paused) tus.start();
      });
    });
  })();
  return {
    done,
    pause: () => {
      paused = true;
      void upload?.abort();
    },
    resume: () => {
      paused = false;
      upload?.start();
    },
    cancel: async () => {
      paused = true;
      settled = true;
      window.removeEventListener('online', online);
      cancelled(new DOMException('The upload was cancelled', 'AbortError'));
      await upload?.abort(true).catch(() => undefined);
    },
  };
}
