// Picks where uploaded bytes live: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/files.
import path from 'node:path';
import type { Config } from '../../config.ts';
import { S3Storage } from './s3-storage.ts';
import { LocalDiskStorage, type Storage } from './storage.ts';

/**
 * The app's storage. A bucket must answer before the app starts: a wrong name, endpoint or key stops the
 * start with one line naming S3_BUCKET and S3_ENDPOINT, rather than failing the first upload.
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<Storage> {
  const s3 = config.s3;
  if (!s3) return new LocalDiskStorage(path.join(config.dataDir, 'files'));
  const storage = new S3Storage(s3);
  try {
    await storage.checkBucket();
  } catch (err) {
    storage.close();
    const where = s3.endpoint ?? `(unset: AWS S3 in S3_REGION ${s3.region})`;
    throw new Error(`Cannot reach S3_BUCKET "${s3.bucket}" at S3_ENDPOINT ${where}: ${whyUnreachable(err)}`);
  }
  return storage;
}

/** One line on what went wrong: what S3 answered, or why nothing answered. */
function whyUnreachable(err: unknown): string {
  const e = err as {
    name?: string;
    message?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e.$metadata?.httpStatusCode;
  const hint =
    status === 404
      ? 'the bucket does not exist'
      : status === 401 || status === 403
        ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
        : status === 301
          ? 'the bucket is in another region (check S3_REGION)'
          : status
            ? `${e.name ?? 'error'} (HTTP ${status})`
            : e.message || e.code || e.name || String(err);
  return hint.replace(/\s+/g, ' ').trim();
}
