// Tracks, their versions (real audio files) and a project's other files: shapes shared by the server
// (validation, responses) and the web (forms, lists, player). Issue 3, project page Tracks and Files.
import { z } from 'zod';
import { multiLine, oneLine, text } from './auth.ts';
import { envelope, PaginationSchema, TimestampSchema } from './envelope.ts';
import { MusicalKeySchema } from './musical-keys.ts';
import { BPM_MAX, BPM_MIN } from './tempo.ts';

export { MUSICAL_KEYS, type MusicalKey, MusicalKeySchema, musicalKeyLabel } from './musical-keys.ts';

export const TRACK_STATUSES = [
  'idea',
  'writing',
  'recording',
  'editing',
  'mixing',
  'mastering',
  'done',
] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];
export const TrackStatusSchema = z.enum(TRACK_STATUSES, {
  error: `Status must be one of: ${TRACK_STATUSES.join(', ')}`,
});

export const TRACK_TITLE_MAX = 200;
export const TRACK_NOTES_MAX = 5000;
export const TRACKS_PER_PROJECT_MAX = 500;
export const VERSION_LABEL_MAX = 100;
export { BPM_MAX, BPM_MIN };

/** CC-XXX-YY-NNNNN: country, registrant (letters or digits), year, designation; dashes all or none. */
const ISRC_SHAPE = /^([A-Z]{2})(-?)([A-Z0-9]{3})\2(\d{2})\2(\d{5})$/;
export const ISRC_MESSAGE = 'ISRC must look like CC-XXX-YY-NNNNN, e.g. US-RC1-76-07839 (dashes optional)';

/** The canonical (dashed, upper-case) form of an ISRC, or null when it is not one. */
export function normalizeIsrc(value: string): string | null {
  const m = ISRC_SHAPE.exec(value.trim().toUpperCase());
  return m ? `${m[1]}-${m[3]}-${m[4]}-${m[5]}` : null;
}

export const TrackTitleSchema = text('Track title')
  .overwrite(oneLine)
  .trim()
  .min(1, 'Track title is required')
  .max(TRACK_TITLE_MAX, `Track title must be at most ${TRACK_TITLE_MAX} characters`);

export const BpmSchema = z
  .number({ error: 'BPM must be a number' })
  .min(BPM_MIN, `BPM must be between ${BPM_MIN} and ${BPM_MAX}`)
  .max(BPM_MAX, `BPM must be between ${BPM_MIN} and ${BPM_MAX}`)
  .transform((v) => Math.round(v * 100) / 100);

/** An ISRC in either form; '' clears it. */
export const IsrcSchema = text('ISRC').transform((value, ctx) => {
  if (value.trim() === '') return null;
  const isrc = normalizeIsrc(value);
  if (!isrc) {
    ctx.addIssue({ code: 'custom', message: ISRC_MESSAGE });
    return z.NEVER;
  }
  return isrc;
});

export const TrackNotesSchema = text('Notes')
  .overwrite(multiLine)
  .max(TRACK_NOTES_MAX, `Notes must be at most ${TRACK_NOTES_MAX} characters`);

export const CreateTrackSchema = z.strictObject({
  title: TrackTitleSchema,
  status: TrackStatusSchema.default('idea'),
  bpm: BpmSchema.nullish(),
  musicalKey: MusicalKeySchema.nullish(),
  isrc: IsrcSchema.nullish(),
  notes: TrackNotesSchema.optional(),
});
export type CreateTrackInput = z.input<typeof CreateTrackSchema>;

export const UpdateTrackSchema = z.strictObject({
  title: TrackTitleSchema.optional(),
  status: TrackStatusSchema.optional(),
  bpm: BpmSchema.nullish(),
  musicalKey: MusicalKeySchema.nullish(),
  isrc: IsrcSchema.nullish(),
  notes: TrackNotesSchema.optional(),
  /** Whether unresolved threads show on later versions (the project's owner only changes it). */
  carryComments: z.boolean({ error: 'carryComments must be true or false' }).optional(),
});
export type UpdateTrackInput = z.input<typeof UpdateTrackSchema>;

const IdSchema = text('Track id').min(1).max(64);

export const ReorderTracksSchema = z.strictObject({
  trackIds: z
    .array(IdSchema, { error: 'trackIds must be a list of track ids' })
    .min(1, 'trackIds must list the tracks in their new order')
    .max(TRACKS_PER_PROJECT_MAX, `A project holds at most ${TRACKS_PER_PROJECT_MAX} tracks`)
    .refine((ids) => new Set(ids).size === ids.length, 'trackIds must not repeat a track'),
});
export type ReorderTracksInput = z.infer<typeof ReorderTracksSchema>;

export const VersionLabelSchema = text('Label')
  .overwrite(oneLine)
  .trim()
  .min(1, 'Label is required')
  .max(VERSION_LABEL_MAX, `Label must be at most ${VERSION_LABEL_MAX} characters`);

export const UpdateVersionSchema = z.strictObject({ label: VersionLabelSchema });

export const AUDIO_FORMATS = ['wav', 'aiff', 'flac', 'mp3', 'm4a', 'aac', 'ogg'] as const;
export const PEAKS_STATUSES = ['pending', 'ready', 'failed'] as const;
export type PeaksStatus = (typeof PEAKS_STATUSES)[number];
export type AudioFormat = (typeof AUDIO_FORMATS)[number];
/** What the file picker offers; the server decides by the file's content, not its name. */
export const AUDIO_ACCEPT = '.wav,.wave,.aif,.aiff,.aifc,.flac,.mp3,.m4a,.mp4,.aac,.ogg,.oga,.opus,audio/*';

export const FILE_CATEGORIES = ['stems', 'session', 'artwork', 'lyrics', 'reference', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];
export const FileCategorySchema = z.enum(FILE_CATEGORIES, {
  error: `Category must be one of: ${FILE_CATEGORIES.join(', ')}`,
});
export const FILE_CATEGORY_LABELS: Record<FileCategory, string> = {
  stems: 'Stems',
  session: 'Session files',
  artwork: 'Artwork',
  lyrics: 'Lyrics',
  reference: 'References',
  other: 'Other',
};

export const UpdateFileSchema = z.strictObject({ category: FileCategorySchema });

export const MediaListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).default(1),
  limit: z.coerce.number({ error: 'limit must be a whole number from 1' }).int().min(1).default(100),
});
export const FileListQuerySchema = MediaListQuerySchema.extend({ category: FileCategorySchema.optional() });

/** Who did something, as far as anyone else needs to know (null once their account is gone). */
export const PersonSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

/** A listening copy's state: a job's statuses (queued, running, done, failed). */
export const COPY_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];
export const COPY_KINDS = ['original', 'lossless', 'compact'] as const;
export type CopyKind = (typeof COPY_KINDS)[number];

export const ListeningCopiesSchema = z.object({
  /** FLAC at the source's sample rate and bit depth; null when the original needs none (FLAC, or lossy). */
  lossless: z
    .object({
      status: z.enum(COPY_STATUSES),
      codec: z.literal('flac'),
      sampleRate: z.number(),
      bitDepth: z.number(),
      /** Bytes; null until made. */
      size: z.number().nullable(),
    })
    .nullable(),
  /** AAC-LC in M4A, for a phone on mobile data and for share links without downloads. */
  compact: z.object({
    status: z.enum(COPY_STATUSES),
    codec: z.literal('aac'),
    /** Bits per second; null until made. */
    bitrate: z.number().nullable(),
    size: z.number().nullable(),
  }),
});
export type ListeningCopies = z.infer<typeof ListeningCopiesSchema>;

export const TrackVersionSchema = z.object({
  _id: z.string(),
  trackId: z.string(),
  projectId: z.string(),
  label: z.string(),
  originalName: z.string(),
  mime: z.string(),
  format: z.enum(AUDIO_FORMATS),
  size: z.number(),
  /** Seconds, to the millisecond. */
  duration: z.number(),
  sampleRate: z.number(),
  /** Null for lossy formats, which have no fixed bit depth. */
  bitDepth: z.number().nullable(),
  channels: z.number(),
  /** The waveform is computed once, just after the upload: pending until then, failed if undecodable. */
  peaksStatus: z.enum(PEAKS_STATUSES),
  isCurrent: z.boolean(),
  uploadedBy: PersonSchema,
  createdAt: TimestampSchema,
  /** A mastered version names the version it was made from; null for an upload. */
  masteredFrom: z.object({ _id: z.string(), label: z.string() }).nullable(),
  /** The listening copies beside the untouched original (audioUrl?copy=lossless|compact). */
  copies: ListeningCopiesSchema,
  audioUrl: z.string(),
  peaksUrl: z.string(),
});
export type TrackVersion = z.infer<typeof TrackVersionSchema>;

/**
 * Where a track's current version stands in review (reviews.ts has the version's whole state): how many
 * people were asked, how many of them approved it or asked for changes (their latest decision), and whether
 * every one asked approved it. Nothing asked yet: requested 0, not approved.
 */
export const TrackReviewSummarySchema = z.object({
  approved: z.boolean(),
  requested: z.number().int(),
  approvals: z.number().int(),
  changesRequested: z.number().int(),
});
export type TrackReviewSummary = z.infer<typeof TrackReviewSummarySchema>;

export const TrackSchema = z.object({
  _id: z.string(),
  projectId: z.string(),
  position: z.number(),
  title: z.string(),
  status: TrackStatusSchema,
  bpm: z.number().nullable(),
  musicalKey: MusicalKeySchema.nullable(),
  isrc: z.string().nullable(),
  notes: z.string(),
  currentVersion: TrackVersionSchema.nullable(),
  versionCount: z.number(),
  /** Unresolved threads of earlier versions show on each later one (issue #35); the owner turns it off. */
  carryComments: z.boolean(),
  /** The current version's review; null without a version (absent from servers before approvals). */
  review: TrackReviewSummarySchema.nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Track = z.infer<typeof TrackSchema>;

export const ProjectFileSchema = z.object({
  _id: z.string(),
  projectId: z.string(),
  category: FileCategorySchema,
  originalName: z.string(),
  mime: z.string(),
  size: z.number(),
  uploadedBy: PersonSchema,
  createdAt: TimestampSchema,
  downloadUrl: z.string(),
});
export type ProjectFile = z.infer<typeof ProjectFileSchema>;

/** The project figures the media area keeps exact (SPEC §3 trackCount, totalDuration, totalFileSize). */
export const MediaTotalsSchema = z.object({
  trackCount: z.number(),
  totalDuration: z.number(),
  totalFileSize: z.number(),
});
export type MediaTotals = z.infer<typeof MediaTotalsSchema>;

export const PeaksSchema = z.object({
  status: z.enum(PEAKS_STATUSES),
  /** Loudest sample per slice of the file, 0 (silence) to 1 (full scale), left to right; empty until ready. */
  peaks: z.array(z.number()),
  duration: z.number(),
});
export type Peaks = z.infer<typeof PeaksSchema>;

export const TrackListResponseSchema = envelope(
  z.object({
    tracks: z.array(TrackSchema),
    pagination: PaginationSchema.extend({ totalTracks: z.number() }),
  }),
);
export const TrackResponseSchema = envelope(z.object({ track: TrackSchema, totals: MediaTotalsSchema }));
export const VersionListResponseSchema = envelope(z.object({ versions: z.array(TrackVersionSchema) }));
export const VersionResponseSchema = envelope(
  z.object({ version: TrackVersionSchema, track: TrackSchema, totals: MediaTotalsSchema }),
);
export const PeaksResponseSchema = envelope(PeaksSchema);
export const FileListResponseSchema = envelope(
  z.object({
    files: z.array(ProjectFileSchema),
    pagination: PaginationSchema.extend({ totalFiles: z.number() }),
    categories: z.record(FileCategorySchema, z.object({ count: z.number(), size: z.number() })),
  }),
);
export const FileResponseSchema = envelope(z.object({ file: ProjectFileSchema, totals: MediaTotalsSchema }));
export const TotalsResponseSchema = envelope(z.object({ totals: MediaTotalsSchema }));

const param = (label: string) => text(label).max(100, `${label} is not a valid id`);
export const ProjectMediaParamsSchema = z.object({ id: param('Project id') });
export const TrackParamsSchema = ProjectMediaParamsSchema.extend({ trackId: param('Track id') });
export const VersionParamsSchema = TrackParamsSchema.extend({ versionId: param('Version id') });
export const FileParamsSchema = ProjectMediaParamsSchema.extend({ fileId: param('File id') });
export const DownloadQuerySchema = z.object({
  download: z.enum(['1', 'true', '0', 'false'], { error: 'download must be 1 or 0' }).optional(),
});
/** A version's audio: the original (the default), or one of its listening copies. */
export const AudioQuerySchema = DownloadQuerySchema.extend({
  copy: z.enum(COPY_KINDS, { error: 'copy must be original, lossless or compact' }).default('original'),
});
