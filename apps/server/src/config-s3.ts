// The S3_* settings: an S3-compatible bucket for uploaded files (platform/storage/s3-storage.ts), or none.
import { type RefinementCtx, z } from 'zod';
import { bool, url } from './config-fields.ts';

export const S3_SETTINGS = {
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
};

type S3Env = z.output<z.ZodObject<typeof S3_SETTINGS>>;

/** Settings that only make sense together. */
export function checkS3Settings(e: S3Env, ctx: RefinementCtx): void {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'and S3_SECRET_ACCESS_KEY must be set together (one of them is missing)',
    });
  // Files would quietly go to the local disk instead of the bucket meant for them.
  const orphan = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find((v) => e[v]);
  if (orphan && !e.S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `must be set when ${orphan} is` });
}

export interface S3Config {
  bucket: string;
  /** The service's URL (MinIO, R2, ...); absent: AWS S3 in `region`. */
  endpoint?: string;
  region: string;
  /** Absent: the AWS SDK's own chain (AWS_* variables, an instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` URLs instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

/** The bucket's settings, or undefined without S3_BUCKET (files stay in DATA_DIR/files). */
export function s3ConfigOf(e: S3Env): S3Config | undefined {
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
