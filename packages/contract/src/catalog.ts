// Credits, splits and releases (issue #37): the shapes the server validates and answers and the web edits.
// A work is the composition (writers, publishers, ISWC); a recording is a track's master (ISRC, artists,
// credits, master owners, BPM, key); a release is an ordered list of recordings with its barcode, label and
// artwork. Shares are integer basis points (10,000 = 100 %); a work's writers and publishers together, and a
// recording's master owners, total exactly 10,000 once anyone is listed. Codes are in catalog-codes.ts.
import { z } from 'zod';
import { EmailSchema, hasHiddenCharacters, oneLine, text } from './auth.ts';
import { CatalogIsrcSchema, IpiSchema, IswcSchema, UpcSchema } from './catalog-codes.ts';
import {
  ARTIST_ROLES,
  ARTISTS_MAX,
  CATALOG_TEXT_MAX,
  CATALOG_TITLE_MAX,
  CREDIT_ROLES,
  CREDITS_MAX,
  DECLINE_REASON_MAX,
  PARTIES_MAX,
  RELEASE_TRACKS_MAX,
  RELEASE_TYPES,
  SHARE_TOTAL,
  WRITER_ROLES,
} from './catalog-terms.ts';
import { MusicalKeySchema } from './musical-keys.ts';
import { isCalendarDate } from './projects.ts';
import { BPM_MAX, BPM_MIN } from './tempo.ts';

export * from './catalog-terms.ts';
export * from './catalog-views.ts';

/** A one-line text, trimmed, hidden characters refused; `min` 1 makes it required. */
export function lineText(label: string, { min = 0, max = CATALOG_TEXT_MAX } = {}) {
  const base = text(label)
    .refine((v) => !hasHiddenCharacters(v), `${label} must not contain control or text-direction characters`)
    .overwrite(oneLine)
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
  return min > 0 ? base.min(min, `${label} is required`) : base;
}

/** Optional one-line text: absent, null and '' all read as ''. */
const optionalLine = (label: string, max = CATALOG_TEXT_MAX) =>
  z
    .nullable(lineText(label, { max }))
    .optional()
    .transform((v) => v ?? '');

const OptionalEmail = z
  .union([z.literal(''), z.null(), EmailSchema])
  .optional()
  .transform((v) => (v ? v : null));

const OptionalClientId = text('Client id')
  .max(100, 'Client id is not a valid id')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** A share in basis points: a whole number from 0 to 10,000 (0.01 % steps). */
export const ShareSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined
        ? 'Share is required'
        : 'Share must be a number of basis points (10,000 = 100 %)',
  })
  .int('Share must be a whole number of basis points (1 = 0.01 %), not a fraction')
  .min(0, 'Share must not be negative')
  .max(SHARE_TOTAL, 'Share must be at most 10,000 basis points (100 %)');

const partyBase = {
  name: lineText('Name', { min: 1, max: 100 }),
  email: OptionalEmail,
  clientId: OptionalClientId,
  shareBasisPoints: ShareSchema,
};

export const WriterSchema = z.strictObject({
  ...partyBase,
  role: z.enum(WRITER_ROLES, {
    error: `Writer role must be one of: ${WRITER_ROLES.join(', ')}`,
  }),
  pro: optionalLine('PRO', 50),
  ipi: IpiSchema.optional().transform((v) => v ?? null),
});
export type WriterInput = z.input<typeof WriterSchema>;
export type Writer = z.output<typeof WriterSchema>;

export const PublisherSchema = z.strictObject({
  ...partyBase,
  pro: optionalLine('PRO', 50),
  ipi: IpiSchema.optional().transform((v) => v ?? null),
});
export type Publisher = z.output<typeof PublisherSchema>;

export const MasterOwnerSchema = z.strictObject(partyBase);
export type MasterOwner = z.output<typeof MasterOwnerSchema>;

/** Basis points as a percentage for people: 3333 → "33.33 %". */
export const formatBasisPoints = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/** A refinement: shares of the listed parties total exactly 10,000, once anyone is listed. */
function sharesTotal(who: string) {
  return (parties: ReadonlyArray<{ shareBasisPoints: number }>, ctx: z.RefinementCtx, path: string[]) => {
    if (parties.length === 0) return;
    const total = parties.reduce((sum, p) => sum + p.shareBasisPoints, 0);
    if (total !== SHARE_TOTAL)
      ctx.addIssue({
        code: 'custom',
        path,
        message: `${who} shares must total exactly 10,000 basis points (100 %); they total ${total.toLocaleString('en-US')} (${formatBasisPoints(total)})`,
      });
  };
}

const workFields = {
  title: lineText('Title', { min: 1, max: CATALOG_TITLE_MAX }),
  iswc: IswcSchema.optional().transform((v) => v ?? null),
  writers: z
    .array(WriterSchema, { error: 'Writers must be a list' })
    .max(PARTIES_MAX, `A work can list at most ${PARTIES_MAX} writers`)
    .default([]),
  publishers: z
    .array(PublisherSchema, { error: 'Publishers must be a list' })
    .max(PARTIES_MAX, `A work can list at most ${PARTIES_MAX} publishers`)
    .default([]),
};

const writersAndPublishersTotal = sharesTotal('Writer and publisher');

export const WorkInputSchema = z.strictObject(workFields).superRefine((work, ctx) => {
  writersAndPublishersTotal([...work.writers, ...work.publishers], ctx, ['writers']);
});
export type WorkInput = z.input<typeof WorkInputSchema>;
export type WorkData = z.output<typeof WorkInputSchema>;

export const CreditSchema = z
  .strictObject({
    name: lineText('Name', { min: 1, max: 100 }),
    role: z.enum(CREDIT_ROLES, { error: `Credit role must be one of: ${CREDIT_ROLES.join(', ')}` }),
    /** The instrument a musician played (required for `musician`). */
    instrument: optionalLine('Instrument', 100),
    /** What "other" means here (required for `other`). */
    roleText: optionalLine('Role', 100),
    email: OptionalEmail,
    clientId: OptionalClientId,
  })
  .superRefine((credit, ctx) => {
    if (credit.role === 'musician' && credit.instrument === '')
      ctx.addIssue({
        code: 'custom',
        path: ['instrument'],
        message: 'A musician credit needs the instrument played',
      });
    if (credit.role === 'other' && credit.roleText === '')
      ctx.addIssue({
        code: 'custom',
        path: ['roleText'],
        message: 'An "other" credit needs its role written out',
      });
  });
export type Credit = z.output<typeof CreditSchema>;

export const ArtistSchema = z.strictObject({
  name: lineText('Artist name', { min: 1, max: 100 }),
  role: z.enum(ARTIST_ROLES, { error: 'Artist role must be "main" or "featured"' }),
});
export type Artist = z.output<typeof ArtistSchema>;

/** A calendar date `YYYY-MM-DD`; '' and null clear it. */
export const optionalDate = (label: string) =>
  text(label)
    .nullable()
    .optional()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || isCalendarDate(v), `${label} must be a date (YYYY-MM-DD)`);

const YearSchema = z
  .number({ error: 'P-line year must be a year, e.g. 2026' })
  .int('P-line year must be a whole year')
  .min(1900, 'P-line year must be between 1900 and 2100')
  .max(2100, 'P-line year must be between 1900 and 2100')
  .nullable()
  .optional()
  .transform((v) => v ?? null);

const masterOwnersTotal = sharesTotal('Master owner');

export const RecordingInputSchema = z
  .strictObject({
    isrc: CatalogIsrcSchema.optional().transform((v) => v ?? null),
    workId: text('Work id')
      .max(100, 'Work id is not a valid id')
      .nullable()
      .optional()
      .transform((v) => v || null),
    artists: z
      .array(ArtistSchema)
      .max(ARTISTS_MAX, `A recording can list at most ${ARTISTS_MAX} artists`)
      .default([]),
    credits: z
      .array(CreditSchema)
      .max(CREDITS_MAX, `A recording can list at most ${CREDITS_MAX} credits`)
      .default([]),
    masterOwners: z
      .array(MasterOwnerSchema)
      .max(PARTIES_MAX, `A recording can list at most ${PARTIES_MAX} master owners`)
      .default([]),
    bpm: z
      .number({ error: 'BPM must be a number' })
      .min(BPM_MIN, `BPM must be between ${BPM_MIN} and ${BPM_MAX}`)
      .max(BPM_MAX, `BPM must be between ${BPM_MIN} and ${BPM_MAX}`)
      .nullable()
      .optional()
      .transform((v) => (v == null ? null : Math.round(v * 100) / 100)),
    key: MusicalKeySchema.nullable()
      .optional()
      .transform((v) => v ?? null),
    studio: optionalLine('Studio'),
    recordedOn: optionalDate('Recording date'),
    pLineYear: YearSchema,
    pLineOwner: optionalLine('P-line owner'),
  })
  .superRefine((recording, ctx) => masterOwnersTotal(recording.masterOwners, ctx, ['masterOwners']));
export type RecordingInput = z.input<typeof RecordingInputSchema>;
export type RecordingData = z.output<typeof RecordingInputSchema>;

export const ReleaseTrackRefSchema = z.strictObject({
  projectId: text('Project id').min(1, 'Project id is required').max(100, 'Project id is not a valid id'),
  trackId: text('Track id').min(1, 'Track id is required').max(100, 'Track id is not a valid id'),
  disc: z
    .number({ error: 'Disc must be a number' })
    .int('Disc must be a whole number')
    .min(1, 'Disc must be 1 or more')
    .max(99, 'Disc must be at most 99')
    .optional(),
  number: z
    .number({ error: 'Track number must be a number' })
    .int('Track number must be a whole number')
    .min(1, 'Track number must be 1 or more')
    .max(999, 'Track number must be at most 999')
    .optional(),
});
export type ReleaseTrackRef = z.output<typeof ReleaseTrackRefSchema>;

export const ReleaseInputSchema = z
  .strictObject({
    title: lineText('Title', { min: 1, max: CATALOG_TITLE_MAX }),
    type: z.enum(RELEASE_TYPES, { error: `Release type must be one of: ${RELEASE_TYPES.join(', ')}` }),
    upc: UpcSchema.optional().transform((v) => v ?? null),
    label: optionalLine('Label'),
    catalogueNumber: optionalLine('Catalogue number', 50),
    releaseDate: optionalDate('Release date'),
    cLine: optionalLine('C-line'),
    tracks: z
      .array(ReleaseTrackRefSchema, { error: 'Tracks must be a list of recordings' })
      .min(1, 'A release needs at least one track')
      .max(RELEASE_TRACKS_MAX, `A release can hold at most ${RELEASE_TRACKS_MAX} tracks`),
  })
  .superRefine((release, ctx) => {
    const seen = new Set<string>();
    release.tracks.forEach((t, i) => {
      if (seen.has(t.trackId))
        ctx.addIssue({
          code: 'custom',
          path: ['tracks', i],
          message: `Track ${i + 1} is already on this release`,
        });
      seen.add(t.trackId);
    });
  });
export type ReleaseInput = z.input<typeof ReleaseInputSchema>;
export type ReleaseData = z.output<typeof ReleaseInputSchema>;

/** A track's path parameters (as media.ts declares them, kept here so catalog screens load without it). */
export const RecordingParamsSchema = z.object({
  id: text('Project id').max(100, 'Project id is not a valid id'),
  trackId: text('Track id').max(100, 'Track id is not a valid id'),
});

export const IdParamsSchema = z.object({
  id: text('Id').min(1, 'Id is required').max(100, 'Id is not a valid id'),
});

export const DeclineSchema = z.strictObject({
  reason: lineText('Reason', { min: 1, max: DECLINE_REASON_MAX }),
});
