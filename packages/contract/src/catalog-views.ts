// What the catalogue's routes answer (issue #37): works, recordings and releases as the server presents them,
// rounds of agreement and what a party sees on their link, readiness problems, and the calendar's address.
import { z } from 'zod';
import { text } from './auth.ts';
import { ARTIST_ROLES, CREDIT_ROLES, RELEASE_TYPES, SPLITS_STATUSES, WRITER_ROLES } from './catalog-terms.ts';
import { envelope } from './envelope.ts';
import { MusicalKeySchema } from './musical-keys.ts';

/** A party of a round of agreement and where they stand. */
export const AgreementPartySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  /** writer, publisher or master owner. */
  kind: z.enum(['writer', 'publisher', 'master_owner']),
  shareBasisPoints: z.number(),
  status: z.enum(['pending', 'accepted', 'declined']),
  reason: z.string().nullable(),
  respondedAt: z.string().nullable(),
});
export type AgreementParty = z.infer<typeof AgreementPartySchema>;

/** The latest round of agreement on a set of splits; `void` once the splits changed after it was sent. */
export const AgreementRoundSchema = z.object({
  _id: z.string(),
  status: z.enum(['open', 'agreed', 'declined', 'void']),
  sentAt: z.string(),
  agreedAt: z.string().nullable(),
  parties: z.array(AgreementPartySchema),
  /** Where the sealed split sheet is, once agreed. */
  splitSheetUrl: z.string().nullable(),
});
export type AgreementRound = z.infer<typeof AgreementRoundSchema>;

const WriterViewSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  clientId: z.string().nullable(),
  role: z.enum(WRITER_ROLES),
  pro: z.string(),
  ipi: z.string().nullable(),
  shareBasisPoints: z.number(),
});
const PublisherViewSchema = WriterViewSchema.omit({ role: true });
const OwnerViewSchema = PublisherViewSchema.omit({ pro: true, ipi: true });

export const WorkSchema = z.object({
  _id: z.string(),
  title: z.string(),
  iswc: z.string().nullable(),
  writers: z.array(WriterViewSchema),
  publishers: z.array(PublisherViewSchema),
  splitsStatus: z.enum(SPLITS_STATUSES),
  agreement: AgreementRoundSchema.nullable(),
  /** The tracks whose recording is of this work. */
  recordings: z.array(z.object({ projectId: z.string(), trackId: z.string(), title: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Work = z.infer<typeof WorkSchema>;

export const WorkSummarySchema = WorkSchema.pick({
  _id: true,
  title: true,
  iswc: true,
  splitsStatus: true,
  updatedAt: true,
}).extend({ writerNames: z.array(z.string()) });
export type WorkSummary = z.infer<typeof WorkSummarySchema>;

export const RecordingSchema = z.object({
  projectId: z.string(),
  trackId: z.string(),
  trackTitle: z.string(),
  isrc: z.string().nullable(),
  workId: z.string().nullable(),
  artists: z.array(z.object({ name: z.string(), role: z.enum(ARTIST_ROLES) })),
  credits: z.array(
    z.object({
      name: z.string(),
      role: z.enum(CREDIT_ROLES),
      instrument: z.string(),
      roleText: z.string(),
      email: z.string().nullable(),
      clientId: z.string().nullable(),
    }),
  ),
  masterOwners: z.array(OwnerViewSchema),
  bpm: z.number().nullable(),
  key: MusicalKeySchema.nullable(),
  /** Where bpm and key came from when never saved: the track's loudness analysis, or the track's own fields. */
  studio: z.string(),
  recordedOn: z.string().nullable(),
  pLineYear: z.number().nullable(),
  pLineOwner: z.string(),
  splitsStatus: z.enum(SPLITS_STATUSES),
  agreement: AgreementRoundSchema.nullable(),
  /** False until the recording is first saved (the answer then holds what the track and its analysis say). */
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type Recording = z.infer<typeof RecordingSchema>;

export const ArtworkSchema = z.object({
  format: z.enum(['jpeg', 'png']),
  width: z.number(),
  height: z.number(),
  size: z.number(),
  url: z.string(),
});

export const ReleaseTrackSchema = z.object({
  projectId: z.string(),
  trackId: z.string(),
  disc: z.number(),
  number: z.number(),
  title: z.string(),
  projectName: z.string(),
  isrc: z.string().nullable(),
});

export const ReleaseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.enum(RELEASE_TYPES),
  upc: z.string().nullable(),
  label: z.string(),
  catalogueNumber: z.string(),
  releaseDate: z.string().nullable(),
  cLine: z.string(),
  artwork: ArtworkSchema.nullable(),
  tracks: z.array(ReleaseTrackSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Release = z.infer<typeof ReleaseSchema>;

export const ReleaseSummarySchema = ReleaseSchema.pick({
  _id: true,
  title: true,
  type: true,
  upc: true,
  releaseDate: true,
  updatedAt: true,
}).extend({ trackCount: z.number(), hasArtwork: z.boolean() });
export type ReleaseSummary = z.infer<typeof ReleaseSummarySchema>;

export const ProblemSchema = z.object({ field: z.string(), message: z.string() });
export type Problem = z.infer<typeof ProblemSchema>;

export const WorkResponseSchema = envelope(z.object({ work: WorkSchema }));
export const WorkListResponseSchema = envelope(z.object({ works: z.array(WorkSummarySchema) }));
export const RecordingResponseSchema = envelope(z.object({ recording: RecordingSchema }));
export const ReleaseResponseSchema = envelope(z.object({ release: ReleaseSchema }));
export const ReleaseListResponseSchema = envelope(z.object({ releases: z.array(ReleaseSummarySchema) }));
export const ReadinessResponseSchema = envelope(
  z.object({ ready: z.boolean(), problems: z.array(ProblemSchema) }),
);
export const ImportResponseSchema = envelope(
  z.object({ works: z.number(), recordings: z.number(), releases: z.number() }),
);
export const RoundResponseSchema = envelope(z.object({ agreement: AgreementRoundSchema }));

/** What a party sees on /agree/<token>: the whole split, who else is in it, and where they stand. */
export const AgreeViewSchema = z.object({
  subject: z.object({
    kind: z.enum(['work', 'recording']),
    title: z.string(),
    iswc: z.string().nullable(),
    isrc: z.string().nullable(),
  }),
  requestedBy: z.string(),
  you: AgreementPartySchema,
  parties: z.array(AgreementPartySchema),
  roundStatus: AgreementRoundSchema.shape.status,
  /**
   * Why the request no longer counts, when it does not: the splits changed after it was sent, a newer
   * request replaced it, or the owner deleted what it was about. Null while it counts.
   */
  voidReason: z.enum(['changed', 'replaced', 'deleted']).nullable(),
});
export type AgreeView = z.infer<typeof AgreeViewSchema>;
export const AgreeViewResponseSchema = envelope(AgreeViewSchema);
export const AgreeAnswerResponseSchema = envelope(
  z.object({ status: z.enum(['accepted', 'declined']), roundStatus: AgreementRoundSchema.shape.status }),
);
export const AgreeTokenParamsSchema = z.object({
  token: text('Link')
    .min(10, 'This agreement link is not valid')
    .max(200, 'This agreement link is not valid'),
});
export const CalendarResponseSchema = envelope(z.object({ url: z.string() }));
export const CalendarTokenParamsSchema = z.object({
  /** The feed's token and `.ics`, as calendar apps ask for it. */
  token: text('Feed').max(200, 'Unknown calendar feed'),
});
