// The catalogue's words (issue #37): limits, the splits' statuses, writers' and credits' roles, release types,
// and how each reads to a person. Shared by the inputs (catalog.ts) and the answers (catalog-views.ts).
export const SHARE_TOTAL = 10_000;
export const CATALOG_TITLE_MAX = 200;
export const CATALOG_TEXT_MAX = 200;
export const PARTIES_MAX = 50;
export const CREDITS_MAX = 200;
export const ARTISTS_MAX = 50;
export const RELEASE_TRACKS_MAX = 500;
export const WORKS_PER_USER_MAX = 10_000;
export const RELEASES_PER_USER_MAX = 2_000;
export const DECLINE_REASON_MAX = 1000;

/** The three states of a set of splits: never sent, sent (or changed since agreed), accepted by every party. */
export const SPLITS_STATUSES = ['draft', 'pending', 'agreed'] as const;
export type SplitsStatus = (typeof SPLITS_STATUSES)[number];
export const SPLITS_STATUS_LABELS: Record<SplitsStatus, string> = {
  draft: 'Draft',
  pending: 'Pending agreement',
  agreed: 'Agreed',
};

export const WRITER_ROLES = ['composer', 'lyricist', 'composer_lyricist', 'arranger'] as const;
export type WriterRole = (typeof WRITER_ROLES)[number];
export const WRITER_ROLE_LABELS: Record<WriterRole, string> = {
  composer: 'Composer',
  lyricist: 'Lyricist',
  composer_lyricist: 'Composer/Lyricist',
  arranger: 'Arranger',
};

export const CREDIT_ROLES = [
  'producer',
  'co_producer',
  'mixing_engineer',
  'mastering_engineer',
  'recording_engineer',
  'assistant_engineer',
  'musician',
  'vocalist',
  'programmer',
  'arranger',
  'other',
] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];
export const CREDIT_ROLE_LABELS: Record<CreditRole, string> = {
  producer: 'Producer',
  co_producer: 'Co-producer',
  mixing_engineer: 'Mixing engineer',
  mastering_engineer: 'Mastering engineer',
  recording_engineer: 'Recording engineer',
  assistant_engineer: 'Assistant engineer',
  musician: 'Musician',
  vocalist: 'Vocalist',
  programmer: 'Programmer',
  arranger: 'Arranger',
  other: 'Other',
};

export const ARTIST_ROLES = ['main', 'featured'] as const;
export type ArtistRole = (typeof ARTIST_ROLES)[number];

export const RELEASE_TYPES = ['single', 'ep', 'album', 'compilation'] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];
export const RELEASE_TYPE_LABELS: Record<ReleaseType, string> = {
  single: 'Single',
  ep: 'EP',
  album: 'Album',
  compilation: 'Compilation',
};
