// The headers of the routes that stream files, for the server's checks and the OpenAPI document: the header
// that names a raw upload's file, those of a ranged download and those of the tus protocol's requests. Apart from ./transfers.ts because the web
// never sends them by schema: their descriptions would only weigh on its first screen.
import { z } from 'zod';
import { TUS_VERSION } from './uploads.ts';

/**
 * The headers a stored file's download reads (a version's or a stem's audio, a project's file, a package):
 * one byte range, the ETag it is for, and the ETag already held. Each is optional; others pass through.
 */
export const RangeHeadersSchema = z.looseObject({
  range: z
    .string()
    .optional()
    .describe(
      'One byte range (bytes=0-99, bytes=100-, bytes=-100): answered 206 with that part, 416 when outside the file',
    ),
  'if-range': z
    .string()
    .optional()
    .describe('The ETag the range is for: with another, the whole file is sent'),
  'if-none-match': z.string().optional().describe('The ETag already held: 304 while it is still the same'),
});

/** The header a raw upload reads besides its type and length: the file's name. */
export const RawUploadHeadersSchema = z.looseObject({
  'content-disposition': z
    .string()
    .optional()
    .describe(
      "The file's name, for a raw upload: attachment; filename*=UTF-8''Night%20Drive.wav (or filename=\"name.wav\")",
    ),
});

const tusResumable = z
  .string()
  .optional()
  .describe(`The protocol's version, ${TUS_VERSION}: without it or with another, 412 (and Tus-Version)`);
/**
 * The protocol's request headers, as the OpenAPI document lists them. Each is optional to the schema, so that
 * a missing one is refused by the protocol's own check and status (412 for Tus-Resumable, 400 for a length
 * or an offset); the document still marks the ones a request needs as required. Other headers pass through.
 */
const tusHeaders = <T extends z.core.$ZodLooseShape>(shape: T, required: (keyof T & string)[]) =>
  z
    .looseObject({ 'tus-resumable': tusResumable, ...shape })
    .meta({ required: ['tus-resumable', ...required] });
const uploadChecksum = z
  .string()
  .optional()
  .describe("The chunk's checksum, sha256 <base64 digest>: a mismatch is refused (460) and nothing is kept");

/** HEAD and DELETE of an upload. */
export const TusHeadersSchema = tusHeaders({}, []);
/** POST /api/uploads: the creation, with the first bytes when its body has them. */
export const TusCreateHeadersSchema = tusHeaders(
  {
    'upload-length': z.string().optional().describe("The file's whole length in bytes"),
    'upload-metadata': z
      .string()
      .optional()
      .describe(
        'What the file becomes: comma-separated "key base64value" pairs (target: version, file, avatar or stem; projectId, trackId, versionId as the target needs; label, makeCurrent, category, name, role, replace as its upload takes; filename, filetype)',
      ),
    'upload-checksum': uploadChecksum,
  },
  ['upload-length', 'upload-metadata'],
);
/** PATCH /api/uploads/:id: a chunk. */
export const TusChunkHeadersSchema = tusHeaders(
  {
    'upload-offset': z
      .string()
      .optional()
      .describe('Where the chunk starts: the offset HEAD answers (another one: 409, nothing written)'),
    'upload-checksum': uploadChecksum,
  },
  ['upload-offset'],
);
