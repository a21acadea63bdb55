// Share links (issue #15): a project, a track or one version sent to people without an account, as a link
// `/s/:token` with an optional password, expiry, download and guest comments, and an access log. Shapes shared
// by the server (validation, answers) and the web (the project's Share screen and the public page).
import { z } from 'zod';
import { hasHiddenCharacters, oneLine, text } from './auth.ts';
import { CommentBodySchema, CommentSchema } from './comments.ts';
import { envelope, PaginationSchema, pageQueryFields, TimestampSchema } from './envelope.ts';
import { AUDIO_FORMATS, PEAKS_STATUSES } from './media.ts';

export const SHARE_LABEL_MAX = 100;
export const SHARE_PASSWORD_MAX = 200;
export const GUEST_NAME_MAX = 60;
/** Links a project may hold, revoked ones included (their access log is kept). */
export const SHARE_LINKS_PER_PROJECT_MAX = 200;
/** Where a shared link opens in the browser: `${appUrl}${SHARE_PAGE_PATH}${token}`. */
export const SHARE_PAGE_PATH = '/s/';

export const SHARE_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];

export const SHARE_EVENT_KINDS = ['opened', 'played', 'downloaded', 'commented'] as const;
export type ShareEventKind = (typeof SHARE_EVENT_KINDS)[number];

const id = (label: string) =>
  text(label).min(1, `${label} is required`).max(100, `${label} is not a valid id`);

const flag = (label: string) =>
  z.boolean({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be true or false`),
  });

export const CreateShareLinkSchema = z
  .strictObject({
    label: text('Label')
      .overwrite(oneLine)
      .trim()
      .min(1, 'Label is required')
      .max(SHARE_LABEL_MAX, `Label must be at most ${SHARE_LABEL_MAX} characters`),
    /** Only this track (its current version); without it and without versionId, every track of the project. */
    trackId: id('Track id').nullish(),
    /** Only this version (its track is found from it when trackId is not given). */
    versionId: id('Version id').nullish(),
    /** Asked before anything is shown; stored as an argon2id hash. Empty or absent: no password. */
    password: text('Password')
      .max(SHARE_PASSWORD_MAX, `Password must be at most ${SHARE_PASSWORD_MAX} characters`)
      .refine((p) => p === '' || p.length >= 4, 'Password must be at least 4 characters')
      .nullish(),
    /** When the link stops working (ISO 8601 with a time zone); absent: it works until revoked. */
    expiresAt: z.iso
      .datetime({ offset: true, error: 'Expiry must be a date and time (ISO 8601)' })
      .refine((at) => Date.parse(at) > Date.now(), 'Expiry must be in the future')
      .nullish(),
    allowDownload: flag('allowDownload'),
    allowComments: flag('allowComments'),
    /** The stems of what it shares, to download with it (issue #36): only when downloads are allowed. */
    includeStems: flag('includeStems').default(false),
  })
  .refine((link) => !link.includeStems || link.allowDownload, {
    message: 'Stems can be included only when downloads are allowed',
    path: ['includeStems'],
  });
export type CreateShareLinkInput = z.input<typeof CreateShareLinkSchema>;

export const ShareLinkCountsSchema = z.object({
  opened: z.number().int(),
  played: z.number().int(),
  downloaded: z.number().int(),
  commented: z.number().int(),
});
export type ShareLinkCounts = z.infer<typeof ShareLinkCountsSchema>;

export const ShareLinkSchema = z.object({
  _id: z.string(),
  projectId: z.string(),
  label: z.string(),
  /** The page to send: only in the answer to its creation (the token is stored hashed), null afterwards. */
  url: z.string().nullable(),
  /** What is shared: the whole project (both null), one track, or one version of it. */
  track: z.object({ _id: z.string(), title: z.string() }).nullable(),
  version: z.object({ _id: z.string(), label: z.string() }).nullable(),
  hasPassword: z.boolean(),
  expiresAt: TimestampSchema.nullable(),
  allowDownload: z.boolean(),
  allowComments: z.boolean(),
  includeStems: z.boolean(),
  status: z.enum(SHARE_LINK_STATUSES),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: TimestampSchema,
  revokedAt: TimestampSchema.nullable(),
  counts: ShareLinkCountsSchema,
  lastOpenedAt: TimestampSchema.nullable(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

export const ShareLinkEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(SHARE_EVENT_KINDS),
  createdAt: TimestampSchema,
  /** The version played, downloaded or commented on. */
  track: z.object({ _id: z.string(), title: z.string() }).nullable(),
  version: z.object({ _id: z.string(), label: z.string() }).nullable(),
  /** How far a listen got, in seconds (played only). */
  seconds: z.number().nullable(),
  /** The name a guest gave with a comment (commented only). */
  guestName: z.string().nullable(),
  /** A coarse client: browser and operating system families, never the whole user agent or the address. */
  browser: z.string(),
  os: z.string(),
});
export type ShareLinkEvent = z.infer<typeof ShareLinkEventSchema>;

export const ShareLinkParamsSchema = z.object({ id: id('Project id'), linkId: id('Share link id') });
export const ShareLinkEventsQuerySchema = z.object({ ...pageQueryFields(100, 50) });

export const ShareLinkResponseSchema = envelope(z.object({ link: ShareLinkSchema }));
export const ShareLinkListResponseSchema = envelope(z.object({ links: z.array(ShareLinkSchema) }));
export const ShareLinkEventsResponseSchema = envelope(
  z.object({
    events: z.array(ShareLinkEventSchema),
    pagination: PaginationSchema.extend({ total: z.number().int() }),
  }),
);

// --- The public side: /api/share/:token, for whoever holds the link ---------------------------------------

export const ShareTokenParamsSchema = z.object({ token: z.string().max(200, 'Unknown share link') });
export const ShareVersionParamsSchema = ShareTokenParamsSchema.extend({ versionId: id('Version id') });
/** A stem of a shared version (issue #36): downloadable only through a link that includes stems. */
export const ShareStemParamsSchema = ShareVersionParamsSchema.extend({ stemId: id('Stem id') });

/** A version as a guest sees it: what plays, and where from (every URL under /api/share/:token). */
export const SharedVersionSchema = z.object({
  _id: z.string(),
  label: z.string(),
  format: z.enum(AUDIO_FORMATS),
  duration: z.number(),
  sampleRate: z.number(),
  bitDepth: z.number().nullable(),
  channels: z.number(),
  size: z.number(),
  peaksStatus: z.enum(PEAKS_STATUSES),
  audioUrl: z.string(),
  peaksUrl: z.string(),
  /** Null unless the link allows downloads. */
  downloadUrl: z.string().nullable(),
  /** The version's package (mix, stems if included, markers, checksums): null unless downloads are allowed. */
  packageUrl: z.string().nullable(),
  /** Its stems, each to download: empty unless the link includes stems (and allows downloads). */
  stems: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      role: z.string().nullable(),
      format: z.enum(AUDIO_FORMATS),
      size: z.number(),
      downloadUrl: z.string(),
    }),
  ),
  commentsUrl: z.string(),
});
export type SharedVersion = z.infer<typeof SharedVersionSchema>;

export const SharedTrackSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The version the link plays: the track's current one, or the one the link names. */
  version: SharedVersionSchema,
});
export type SharedTrack = z.infer<typeof SharedTrackSchema>;

export const ShareViewSchema = z.object({
  label: z.string(),
  projectTitle: z.string(),
  sharedBy: z.string().nullable(),
  allowDownload: z.boolean(),
  allowComments: z.boolean(),
  includeStems: z.boolean(),
  expiresAt: TimestampSchema.nullable(),
  /** Tracks with a version to play, in the project's order. */
  tracks: z.array(SharedTrackSchema),
});
export type ShareView = z.infer<typeof ShareViewSchema>;
export const ShareViewResponseSchema = envelope(z.object({ share: ShareViewSchema }));

export const UnlockShareSchema = z.strictObject({
  password: text('Password').min(1, 'Password is required').max(SHARE_PASSWORD_MAX, 'Wrong password'),
});

const guestSeconds = (label: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required`
          : `${label} must be a number of seconds`,
    })
    .finite(`${label} must be a number of seconds`)
    .min(0, `${label} cannot be before the start`);

export const GuestNameSchema = text('Name')
  .refine((v) => !hasHiddenCharacters(v), 'Name must not contain control or text-direction characters')
  .overwrite(oneLine)
  .trim()
  .min(1, 'Name is required')
  .max(GUEST_NAME_MAX, `Name must be at most ${GUEST_NAME_MAX} characters`);

export const GuestCommentSchema = z
  .strictObject({
    name: GuestNameSchema,
    body: CommentBodySchema,
    at: guestSeconds('Time'),
    end: guestSeconds('End').nullish(),
  })
  .refine((c) => c.end == null || c.end > c.at, { message: 'End must be after the time', path: ['end'] });
export type GuestCommentInput = z.input<typeof GuestCommentSchema>;

const ListenIdSchema = z
  .string({ error: 'listenId is required' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'listenId must be 8 to 64 letters, digits, - or _');

/**
 * A shared version's audio: `listen` names the page's listen, so the stream a link without downloads logs
 * and the page's progress reports are one listen in the access log.
 */
export const ShareAudioQuerySchema = z.object({ listen: ListenIdSchema.optional() });

/** A listen's progress: one row per listen (`listenId`, made by the page), keeping the furthest point. */
export const SharePlaySchema = z.strictObject({
  listenId: ListenIdSchema,
  seconds: guestSeconds('Seconds'),
});

/** What a guest sees of a version's comments: those left through this link. */
export const GuestCommentListResponseSchema = envelope(z.object({ comments: z.array(CommentSchema) }));
export const GuestCommentResponseSchema = envelope(z.object({ comment: CommentSchema }));
