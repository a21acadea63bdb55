// The guest's side of share links (issue #15): what a link shows, unlocking it, and the versions it lets a
// guest hear, download and comment on. A version is reachable only through a link that shares it: the link's
// own version, or the current version of a track it shares (of every track, for a link to the project).
// Everything a guest does is written to the link's access log with a coarse client and no address.
import type { SharedTrack, SharedVersion, ShareView } from '@mixdesk/contract/share-links';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound, unauthorized } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { verifyAgainstDummy, verifyPassword } from '../../platform/security/passwords.ts';
import { userNameOf } from '../auth/public.ts';
import { type ScopedVersionRow, type StemRow, stemRowsOfVersions, versionsInScope } from '../media/public.ts';
import { isCollaborator, projectOwnerId, projectTitleOf } from '../projects/public.ts';
import {
  requireLiveLink,
  requireOpenLink,
  reservePasswordTry,
  type ShareLinkRow,
  setUnlockCookie,
  WRONG_PASSWORD,
} from './access.ts';
import { coarseClient } from './client.ts';
import * as repo from './repo.ts';
import { presentSharedStem, sharedStemsOf, sharesStems } from './shared-stems.ts';

/** The versions a link lets a guest hear, with their tracks, in the project's order (one when `versionId`). */
function sharedVersions(ctx: AppContext, link: ShareLinkRow, versionId?: string) {
  const scope = { projectId: link.project_id, trackId: link.track_id, versionId: link.version_id };
  return versionsInScope(ctx.db, scope, versionId);
}
export type SharedVersionRow = ScopedVersionRow;

function presentShared(
  token: string,
  link: ShareLinkRow,
  v: SharedVersionRow,
  stems: readonly StemRow[],
): SharedTrack {
  const base = `/api/share/${token}/versions/${v.id}`;
  const version: SharedVersion = {
    _id: v.id,
    label: v.label,
    format: v.format as SharedVersion['format'],
    duration: Number(v.duration),
    sampleRate: Number(v.sample_rate),
    bitDepth: v.bit_depth === null ? null : Number(v.bit_depth),
    channels: Number(v.channels),
    size: Number(v.size),
    peaksStatus: v.peaks_status,
    audioUrl: `${base}/audio`,
    peaksUrl: `${base}/peaks`,
    downloadUrl: link.allow_download ? `${base}/download` : null,
    packageUrl: link.allow_download ? `${base}/package.zip` : null,
    stems: stems.map((stem) => presentSharedStem(token, stem)),
    commentsUrl: `${base}/comments`,
  };
  return { _id: v.track_id, title: v.track_title, version };
}

async function viewOf(ctx: AppContext, token: string, link: ShareLinkRow): Promise<ShareView> {
  const [title, creator, versions] = await Promise.all([
    projectTitleOf(ctx.db, link.project_id),
    link.created_by ? userNameOf(ctx.db, link.created_by) : undefined,
    sharedVersions(ctx, link),
  ]);
  const stems = await sharedStemsOf(
    ctx,
    link,
    versions.map((v) => v.id),
  );
  return {
    label: link.label,
    projectTitle: title ?? '',
    sharedBy: creator ?? null,
    allowDownload: Boolean(link.allow_download),
    allowComments: Boolean(link.allow_comments),
    includeStems: sharesStems(link),
    expiresAt: link.expires_at === null ? null : new Date(link.expires_at).toISOString(),
    tracks: versions.map((v) => presentShared(token, link, v, stems.get(v.id) ?? [])),
  };
}

type LoggedKind = 'opened' | 'downloaded' | 'commented';

/** Writes one access-log row; a failure to log never costs the guest their answer. */
async function logEvent(
  ctx: AppContext,
  request: FastifyRequest,
  link: ShareLinkRow,
  kind: LoggedKind,
  about: { version?: SharedVersionRow; guestName?: string } = {},
): Promise<void> {
  try {
    await repo.insertEvent(ctx.db, {
      id: newId(),
      link_id: link.id,
      kind,
      track_id: about.version?.track_id ?? null,
      version_id: about.version?.id ?? null,
      listen_id: null,
      seconds: null,
      guest_name: about.guestName ?? null,
      ...coarseClient(request.headers['user-agent']),
      created_at: nowIso(),
    });
  } catch (err) {
    request.log.warn({ service: 'share-links', err, kind }, 'Could not log a share-link event');
  }
}

export async function openShare(ctx: AppContext, request: FastifyRequest, token: string): Promise<ShareView> {
  const link = await requireOpenLink(ctx, request, token);
  const view = await viewOf(ctx, token, link);
  await logEvent(ctx, request, link, 'opened');
  return view;
}

/** Checks the password and hands out the link's cookie; a link without one simply opens. */
export async function unlockShare(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  password: string,
): Promise<ShareView> {
  const link = await requireLiveLink(ctx, token, request.ip);
  if (link.password_hash !== null) {
    const attempt = await reservePasswordTry(ctx, link, request.ip);
    if (!(await verifyPassword(link.password_hash, password))) throw unauthorized(WRONG_PASSWORD);
    await attempt.giveBack();
    setUnlockCookie(ctx, reply, token, link);
  } else await verifyAgainstDummy(password, ctx.config.argon2);
  const view = await viewOf(ctx, token, link);
  await logEvent(ctx, request, link, 'opened');
  return view;
}

/** A version the open link shares; 404 for any other (another project's, an old one, a malformed id). */
export async function requireSharedVersion(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
  versionId: string,
): Promise<{ link: ShareLinkRow; version: SharedVersionRow }> {
  const link = await requireOpenLink(ctx, request, token);
  const [version] = await sharedVersions(ctx, link, versionId);
  if (!version) throw notFound('Version');
  return { link, version };
}

export async function requireDownload(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
  versionId: string,
) {
  const shared = await requireSharedVersion(ctx, request, token, versionId);
  // Not there at all (404), as every other way to the original through such a link.
  if (!shared.link.allow_download)
    throw new AppError('NOT_FOUND', 'This link does not allow downloads. Ask whoever sent it for the file.');
  return shared;
}

/** A stem of a version the link shares, for download: 404 unless the link gives out stems. */
export async function requireSharedStem(
  ctx: AppContext,
  request: FastifyRequest,
  ids: { token: string; versionId: string; stemId: string },
) {
  const shared = await requireDownload(ctx, request, ids.token, ids.versionId);
  if (!sharesStems(shared.link)) throw notFound('Stem');
  const stems = await stemRowsOfVersions(ctx.db, [shared.version.id]);
  const stem = stems.find((s) => s.id === ids.stemId);
  if (!stem) throw notFound('Stem');
  return { ...shared, stem };
}

export const logDownload = (
  ctx: AppContext,
  request: FastifyRequest,
  shared: { link: ShareLinkRow; version: SharedVersionRow },
) => logEvent(ctx, request, shared.link, 'downloaded', { version: shared.version });

/**
 * A stream of a link without downloads starting: a listen in the access log, the page's own (`listenId`, so its
 * progress reports move the same row) or a new one. A failure to log never costs the guest the audio.
 */
export async function logStream(
  ctx: AppContext,
  request: FastifyRequest,
  shared: { link: ShareLinkRow; version: SharedVersionRow },
  listenId: string | undefined,
): Promise<void> {
  try {
    await repo.recordListen(ctx.db, {
      id: newId(),
      link_id: shared.link.id,
      track_id: shared.version.track_id,
      version_id: shared.version.id,
      listen_id: listenId ?? newId(),
      seconds: 0,
      guest_name: null,
      ...coarseClient(request.headers['user-agent']),
      created_at: nowIso(),
    });
  } catch (err) {
    request.log.warn({ service: 'share-links', err }, 'Could not log a stream of a shared version');
  }
}

export const logComment = (
  ctx: AppContext,
  request: FastifyRequest,
  shared: { link: ShareLinkRow; version: SharedVersionRow },
  guestName: string,
) => logEvent(ctx, request, shared.link, 'commented', { version: shared.version, guestName });

/** Who of the team hears of a guest's comment: the link's maker while still on the project, else the owner. */
export async function whoHears(ctx: AppContext, link: ShareLinkRow): Promise<string> {
  const ownerId = await projectOwnerId(ctx.db, link.project_id);
  if (!link.created_by || link.created_by === ownerId) return ownerId;
  return (await isCollaborator(ctx.db, link.project_id, link.created_by)) ? link.created_by : ownerId;
}

export function assertCommentsAllowed(link: ShareLinkRow): void {
  if (!link.allow_comments) throw new AppError('FORBIDDEN', 'This link does not take comments.');
}

/** A listen's progress: the furthest second reached (at most the version's length), one row per listen. */
export async function recordPlay(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
  versionId: string,
  input: { listenId: string; seconds: number },
): Promise<void> {
  const { link, version } = await requireSharedVersion(ctx, request, token, versionId);
  const duration = Number(version.duration);
  const seconds = Math.round(Math.min(input.seconds, duration > 0 ? duration : input.seconds) * 10) / 10;
  await repo.recordListen(ctx.db, {
    id: newId(),
    link_id: link.id,
    track_id: version.track_id,
    version_id: version.id,
    listen_id: input.listenId,
    seconds,
    guest_name: null,
    ...coarseClient(request.headers['user-agent']),
    created_at: nowIso(),
  });
}
