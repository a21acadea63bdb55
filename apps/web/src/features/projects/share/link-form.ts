// The New share link form as values the inputs hold, what it sends (CreateShareLinkInput), and its checks: the
// contract's own rules with its messages, plus the choices the form adds (which track, which version).
import { type CreateShareLinkInput, CreateShareLinkSchema } from '@mixdesk/contract/share-links';

/** What a link shares: every track of the project, one track (its current version), or one version. */
export type ShareScope = 'project' | 'track' | 'version';

export interface ShareLinkValues {
  label: string;
  scope: ShareScope;
  trackId: string;
  versionId: string;
  password: string;
  /** As a datetime-local input holds it ("2026-12-01T18:00", the person's own time zone); '' for none. */
  expiresAt: string;
  allowDownload: boolean;
  allowComments: boolean;
  /** The stems of what it shares, with the package download: only sent while downloads are allowed. */
  includeStems: boolean;
}

export const EMPTY_LINK_VALUES: ShareLinkValues = {
  label: '',
  scope: 'project',
  trackId: '',
  versionId: '',
  password: '',
  expiresAt: '',
  allowDownload: false,
  allowComments: true,
  includeStems: false,
};

/** A datetime-local value read in the browser's time zone, as ISO 8601 (UTC); null when it is not a date. */
export function localDateTimeToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The body of POST /api/projects/:id/share-links. An unreadable expiry is sent as typed, for the contract to refuse. */
export function toCreateInput(v: ShareLinkValues): CreateShareLinkInput {
  const expiry = v.expiresAt.trim();
  return {
    label: v.label.trim(),
    trackId: v.scope === 'project' || !v.trackId ? null : v.trackId,
    versionId: v.scope === 'version' && v.versionId ? v.versionId : null,
    password: v.password === '' ? null : v.password,
    expiresAt: expiry === '' ? null : (localDateTimeToIso(expiry) ?? expiry),
    allowDownload: v.allowDownload,
    allowComments: v.allowComments,
    includeStems: v.allowDownload && v.includeStems,
  };
}

/** Messages per field (keyed like the server's details: label, trackId, versionId, password, expiresAt). */
export function validateLink(v: ShareLinkValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.scope !== 'project' && !v.trackId) errors.trackId = 'Choose a track';
  if (v.scope === 'version' && !v.versionId) errors.versionId = 'Choose a version';
  const parsed = CreateShareLinkSchema.safeParse(toCreateInput(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  }
  return errors;
}
