// Resumable uploads (issue #34): the tus 1.0 protocol at /api/uploads (https://tus.io/protocols/resumable-upload).
// A client creates an upload with its length and what the file becomes (Upload-Metadata), sends its bytes in
// as many PATCH requests as it likes, resumes after a cut from the offset HEAD answers, and reads the outcome
// from GET /api/uploads/:id. The single-request upload routes stay as they are.
import { z } from 'zod';
import { text } from './auth.ts';
import { envelope, TimestampSchema } from './envelope.ts';
import { FileCategorySchema, ProjectFileSchema, TrackVersionSchema, VERSION_LABEL_MAX } from './media.ts';
import { StemNameSchema, StemRoleSchema, StemSchema } from './stems.ts';

/** The protocol version this server speaks (the Tus-Resumable header of every request and answer). */
export const TUS_VERSION = '1.0.0';
/** The protocol's extensions this server offers (Tus-Extension). */
export const TUS_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration', 'checksum'];
/** The body type of a chunk (PATCH) and of a creation that carries bytes. */
export const CHUNK_TYPE = 'application/offset+octet-stream';
/** The checksum algorithms the server verifies (Upload-Checksum: sha256 <base64 digest>). */
export const CHECKSUM_ALGORITHMS = ['sha256'] as const;

export const UPLOAD_TARGETS = ['version', 'file', 'avatar', 'stem'] as const;
export const UPLOAD_STATUSES = ['uploading', 'processing', 'done', 'failed'] as const;
export const UploadStatusSchema = z.enum(UPLOAD_STATUSES);
export type UploadStatus = z.infer<typeof UploadStatusSchema>;

const idField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is not an id`);

const common = {
  filename: text('filename').max(1000, 'filename must be at most 1000 characters').optional(),
  filetype: text('filetype').max(200, 'filetype must be at most 200 characters').optional(),
};

/**
 * Upload-Metadata, decoded: what the file becomes. `version`: a new version of a track (as the version upload's
 * fields: optional label and makeCurrent); `file`: a project's file in a category; `avatar`: the caller's own;
 * `stem`: a stem of a version (issue #36: as the stem upload's fields, an optional name and role, or the id of
 * a stem of that version whose audio it replaces).
 */
export const UploadMetadataSchema = z.discriminatedUnion(
  'target',
  [
    z.strictObject({
      target: z.literal('version'),
      projectId: idField('projectId'),
      trackId: idField('trackId'),
      label: text('label')
        .trim()
        .max(VERSION_LABEL_MAX, `label must be at most ${VERSION_LABEL_MAX} characters`)
        .optional(),
      makeCurrent: z.enum(['true', 'false'], { error: 'makeCurrent must be true or false' }).optional(),
      ...common,
    }),
    z.strictObject({
      target: z.literal('file'),
      projectId: idField('projectId'),
      category: FileCategorySchema,
      ...common,
    }),
    z.strictObject({ target: z.literal('avatar'), ...common }),
    z.strictObject({
      target: z.literal('stem'),
      projectId: idField('projectId'),
      trackId: idField('trackId'),
      versionId: idField('versionId'),
      name: StemNameSchema.optional(),
      role: StemRoleSchema.optional(),
      replace: idField('replace').optional(),
      ...common,
    }),
  ],
  { error: `target must be one of: ${UPLOAD_TARGETS.join(', ')}` },
);
export type UploadMetadata = z.infer<typeof UploadMetadataSchema>;

export const UploadSchema = z.object({
  _id: z.string(),
  target: z.enum(UPLOAD_TARGETS),
  status: UploadStatusSchema,
  filename: z.string(),
  /** The declared length in bytes. */
  length: z.number().int(),
  /** Bytes received so far. */
  offset: z.number().int(),
  projectId: z.string().nullable(),
  createdAt: TimestampSchema,
  /** When an unfinished upload's bytes go (Upload-Expires). */
  expiresAt: TimestampSchema,
  /** Why it failed, as the single-request upload says it; absent unless failed. */
  message: z.string().optional(),
  /** What it became, once done: one of these, by target. */
  version: TrackVersionSchema.optional(),
  file: ProjectFileSchema.optional(),
  stem: StemSchema.optional(),
  /** The avatar's URL. */
  avatar: z.string().nullable().optional(),
});
export type Upload = z.infer<typeof UploadSchema>;

export const UploadResponseSchema = envelope(UploadSchema);
