// Every migration, in order. Add a line per new migration file; names sort in run order.
import type { Migration } from 'kysely';
import * as m0001 from './0001-auth.ts';
import * as m0002 from './0002-projects.ts';
import * as m0003 from './0003-media.ts';
import * as m0004 from './0004-clients.ts';
import * as m0005 from './0005-profile.ts';
import * as m0006 from './0006-projects-list-versions.ts';
import * as m0007 from './0007-documents.ts';
import * as m0008 from './0008-rate-limits.ts';
import * as m0009 from './0009-jobs.ts';
import * as m0010 from './0010-version-analyses.ts';
import * as m0011 from './0011-mastered-versions.ts';
import * as m0012 from './0012-activity.ts';
import * as m0013 from './0013-peak-jobs.ts';
import * as m0014 from './0014-unlogged-rate-counts.ts';
import * as m0015 from './0015-owner-figures.ts';
import * as m0016 from './0016-comments.ts';
import * as m0017 from './0017-notifications.ts';
import * as m0018 from './0018-reviews.ts';
import * as m0019 from './0019-share-links.ts';
import * as m0020 from './0020-invitations.ts';
import * as m0021 from './0021-abuse-limits.ts';
import * as m0022 from './0022-instance-secrets.ts';
import * as m0023 from './0023-document-file-keys.ts';
import * as m0024 from './0024-mail-queue.ts';
import * as m0025 from './0025-comment-placeholders.ts';
import * as m0026 from './0026-document-completion-error.ts';
import * as m0027 from './0027-withdrawn-signing-links.ts';
import * as m0028 from './0028-guest-comment-limits-and-folds.ts';
import * as m0029 from './0029-replaced-one-time-tokens.ts';
import * as m0030 from './0030-activity-inbox-counts.ts';
import * as m0031 from './0031-notification-pages.ts';
import * as m0032 from './0032-document-counts.ts';
import * as m0033 from './0033-list-search.ts';
import * as m0034 from './0034-uploads.ts';
import * as m0035 from './0035-listening-copies.ts';
import * as m0036 from './0036-carry-comments.ts';
import * as m0037 from './0037-stems.ts';
import * as m0038 from './0038-api-tokens.ts';
import * as m0039 from './0039-webhooks.ts';
import * as m0040 from './0040-oidc-identities.ts';
import * as m0041 from './0041-catalog.ts';

export const migrations: Record<string, Migration> = {
  '0001-auth': m0001,
  '0002-projects': m0002,
  '0003-media': m0003,
  '0004-clients': m0004,
  '0005-profile': m0005,
  '0006-projects-list-versions': m0006,
  '0007-documents': m0007,
  '0008-rate-limits': m0008,
  '0009-jobs': m0009,
  '0010-version-analyses': m0010,
  '0011-mastered-versions': m0011,
  '0012-activity': m0012,
  '0013-peak-jobs': m0013,
  '0014-unlogged-rate-counts': m0014,
  '0015-owner-figures': m0015,
  '0016-comments': m0016,
  '0017-notifications': m0017,
  '0018-reviews': m0018,
  '0019-share-links': m0019,
  '0020-invitations': m0020,
  '0021-abuse-limits': m0021,
  '0022-instance-secrets': m0022,
  '0023-document-file-keys': m0023,
  '0024-mail-queue': m0024,
  '0025-comment-placeholders': m0025,
  '0026-document-completion-error': m0026,
  '0027-withdrawn-signing-links': m0027,
  '0028-guest-comment-limits-and-folds': m0028,
  '0029-replaced-one-time-tokens': m0029,
  '0030-activity-inbox-counts': m0030,
  '0031-notification-pages': m0031,
  '0032-document-counts': m0032,
  '0033-list-search': m0033,
  '0034-uploads': m0034,
  '0035-listening-copies': m0035,
  '0036-carry-comments': m0036,
  '0037-stems': m0037,
  '0038-api-tokens': m0038,
  '0039-webhooks': m0039,
  '0040-oidc-identities': m0040,
  '0041-catalog': m0041,
};
