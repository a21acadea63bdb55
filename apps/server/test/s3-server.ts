// An S3-compatible server on this machine for a test file: s3rver (from npm), a stand-in for AWS S3, MinIO or
// Cloudflare R2, started in a child process (s3-server-process.mjs) on a free port, storing in a temp
// directory, with one bucket made. Nothing of it outlives close().
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../src/config.ts';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The app's settings for this server, as S3_* would give them. */
  config: S3Config;
  /** Every key in the bucket, sorted (listed through the S3 API, as an operator would). */
  keys(prefix?: string): Promise<string[]>;
  /** The keys of multipart uploads begun and neither completed nor aborted. */
  pendingUploads(): Promise<string[]>;
  /** Removes every object, so that each test starts from an empty bucket. */
  empty(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'mixdesk-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'mixdesk-s3-'));
  const script = path.join(import.meta.dirname, 's3-server-process.mjs');
  // s3rver 3.7 makes the continuation tokens of paged lists with DES, which Node's OpenSSL 3 only has in its
  // legacy provider.
  const child = spawn(process.execPath, ['--openssl-legacy-provider', script, directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    void exited.then(([code]) => reject(new Error(`s3rver stopped (exit code ${code}) before it listened`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line).port));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's one account.
  const config: S3Config = {
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const keys = async (prefix = '') => {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      out.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort();
  };
  return {
    endpoint,
    bucket,
    config,
    keys,
    pendingUploads: async () => {
      const res = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return (res.Uploads ?? []).map((u) => u.Key!);
    },
    empty: async () => {
      const all = await keys();
      if (all.length > 0)
        await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: all.map((Key) => ({ Key })) } }),
        );
    },
    close: async () => {
      client.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill();
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
