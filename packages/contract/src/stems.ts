// A version's stem set (issue #36): the audio files a mix was made of, each probed like a version, checked
// against each other and the mix, and a null test (the stems summed, the mix subtracted) run as a job.
import { z } from 'zod';
import { oneLine, text } from './auth.ts';
import { envelope, TimestampSchema } from './envelope.ts';
import { AUDIO_FORMATS, COPY_STATUSES, PersonSchema, VersionParamsSchema } from './media.ts';
import { uploadQuery, uploadText } from './transfers.ts';

export const STEM_NAME_MAX = 200;
export const STEM_ROLE_MAX = 60;
/** The most stems one version carries; the next one is refused with this limit named. */
export const STEMS_PER_VERSION_MAX = 500;
/** The roles offered in the picker; any other text up to STEM_ROLE_MAX is accepted as a free role. */
export const STEM_ROLES = ['drums', 'bass', 'vocals', 'keys', 'guitars', 'fx', 'other'] as const;
export const STEM_ROLE_LABELS: Record<(typeof STEM_ROLES)[number], string> = {
  drums: 'Drums',
  bass: 'Bass',
  vocals: 'Vocals',
  keys: 'Keys',
  guitars: 'Guitars',
  fx: 'FX',
  other: 'Other',
};

export const StemNameSchema = text('Name')
  .overwrite(oneLine)
  .trim()
  .min(1, 'Name is required')
  .max(STEM_NAME_MAX, `Name must be at most ${STEM_NAME_MAX} characters`);

/** A role: one of STEM_ROLES or free text; empty clears it. */
export const StemRoleSchema = text('Role')
  .overwrite(oneLine)
  .trim()
  .max(STEM_ROLE_MAX, `Role must be at most ${STEM_ROLE_MAX} characters`);

/** Fields of a stem upload (query string or multipart parts before the file, as a version upload's). */
export const StemUploadFieldsSchema = z.strictObject({
  name: uploadText('name', 'Name')
    .overwrite(oneLine)
    .trim()
    .min(1, 'Name is required')
    .max(STEM_NAME_MAX, `Name must be at most ${STEM_NAME_MAX} characters`)
    .optional()
    .describe("Defaults to the file's name without its extension"),
  role: uploadText('role', 'Role')
    .overwrite(oneLine)
    .trim()
    .max(STEM_ROLE_MAX, `Role must be at most ${STEM_ROLE_MAX} characters`)
    .optional(),
  replace: uploadText('replace', 'replace')
    .max(100, 'replace is not a valid id')
    .optional()
    .describe(
      "The id of this version's stem whose audio this replaces (its name and role stay unless given)",
    ),
});
/** The query string of a stem upload (the raw form's fields). */
export const StemUploadQuerySchema = uploadQuery(StemUploadFieldsSchema);
export type StemUploadFields = z.infer<typeof StemUploadFieldsSchema>;

export const UpdateStemSchema = z
  .strictObject({ name: StemNameSchema.optional(), role: StemRoleSchema.nullable().optional() })
  .refine((v) => v.name !== undefined || v.role !== undefined, { error: 'Give a name or a role to change' })
  .meta({ minProperties: 1 });

/** Where a stem disagrees with the mix or the other stems, for people: one sentence each. */
export const StemIssueSchema = z.object({
  kind: z.enum(['sampleRate', 'bitDepth', 'length']),
  message: z.string(),
});
export type StemIssue = z.infer<typeof StemIssueSchema>;

export const StemSchema = z.object({
  _id: z.string(),
  versionId: z.string(),
  trackId: z.string(),
  projectId: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  originalName: z.string(),
  mime: z.string(),
  format: z.enum(AUDIO_FORMATS),
  size: z.number(),
  /** Seconds, as probed. */
  duration: z.number(),
  /** Sample frames, where the container says (PCM always); null when unknown. */
  frames: z.number().nullable(),
  sampleRate: z.number(),
  bitDepth: z.number().nullable(),
  channels: z.number(),
  /** Where it disagrees with the mix or the other stems; empty when it agrees. */
  issues: z.array(StemIssueSchema),
  uploadedBy: PersonSchema,
  createdAt: TimestampSchema,
  audioUrl: z.string(),
});
export type Stem = z.infer<typeof StemSchema>;

export const NULL_TEST_VERDICTS = ['sums', 'close', 'differs'] as const;
export type NullTestVerdict = (typeof NULL_TEST_VERDICTS)[number];
/** At or below: the stems sum to the mix. */
export const NULL_TEST_SUMS_DBFS = -60;
/** At or below (and above SUMS): close. Above: the stems do not sum to the mix. */
export const NULL_TEST_CLOSE_DBFS = -40;
export const NULL_TEST_VERDICT_LABELS: Record<NullTestVerdict, string> = {
  sums: 'Stems sum to the mix',
  close: 'Close',
  differs: 'Stems do not sum to the mix',
};

/** The stems summed and the mix subtracted: the residual's level, and what it means. */
export const NullTestSchema = z.object({
  /** As jobs; null when never run (no stems). */
  status: z.enum(COPY_STATUSES).nullable(),
  residualRmsDbfs: z.number().nullable(),
  residualPeakDbfs: z.number().nullable(),
  verdict: z.enum(NULL_TEST_VERDICTS).nullable(),
  /** For people: the verdict, or why there is none (not comparable, failed, running). */
  message: z.string(),
  /** How many stems were summed. */
  stemCount: z.number(),
  updatedAt: TimestampSchema.nullable(),
});
export type NullTest = z.infer<typeof NullTestSchema>;

export const StemParamsSchema = VersionParamsSchema.extend({
  stemId: text('Stem id').max(100, 'Stem id is not a valid id'),
});

export const StemListResponseSchema = envelope(
  z.object({ stems: z.array(StemSchema), nullTest: NullTestSchema, limit: z.number() }),
);
export const StemResponseSchema = envelope(z.object({ stem: StemSchema }));
export const NullTestResponseSchema = envelope(z.object({ nullTest: NullTestSchema }));
