// The team's side of share links (issue #15): the owner and edit collaborators make links to the whole
// project, one track or one version, list them with their access-log figures, read the log, and revoke them.
// The token is only in the answer to the creation; the link is found later by its hash.
import type { CreateShareLinkSchema, ShareLink, ShareLinkEvent } from '@mixdesk/contract/share-links';
import { SHARE_LINKS_PER_PROJECT_MAX } from '@mixdesk/contract/share-links';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import { findTrackRow, findVersionOfProject, looksLikeId } from '../media/public.ts';
import { requireProjectAccess } from '../projects/public.ts';
import { newShareToken, shareUrl } from './access.ts';
import { presentEvent, presentLink } from './present.ts';
import * as repo from './repo.ts';

type CreateInput = z.output<typeof CreateShareLinkSchema>;

/** What a new link shares: the track and version ids it names, checked to be the project's. */
async function targetOf(
  ctx: AppContext,
  projectId: string,
  input: Pick<CreateInput, 'trackId' | 'versionId'>,
): Promise<{ trackId: string | null; versionId: string | null }> {
  if (input.versionId) {
    const version = await findVersionOfProject(ctx.db, projectId, input.versionId);
    if (!version || (input.trackId && input.trackId !== version.track_id)) throw notFound('Version');
    return { trackId: version.track_id, versionId: version.id };
  }
  if (input.trackId) {
    const track = await findTrackRow(ctx.db, projectId, input.trackId);
    if (!track) throw notFound('Track');
    return { trackId: track.id, versionId: null };
  }
  return { trackId: null, versionId: null };
}

export async function createLink(
  ctx: AppContext,
  userId: string,
  projectId: string,
  input: CreateInput,
): Promise<ShareLink> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'edit');
  const target = await targetOf(ctx, project.id, input);
  if ((await repo.countOfProject(ctx.db, project.id)) >= SHARE_LINKS_PER_PROJECT_MAX)
    throw conflict(
      `A project holds at most ${SHARE_LINKS_PER_PROJECT_MAX} share links, revoked ones included.`,
    );
  const { token, hash } = newShareToken();
  const id = newId();
  await repo.insertLink(ctx.db, {
    id,
    project_id: project.id,
    track_id: target.trackId,
    version_id: target.versionId,
    label: input.label,
    token_hash: hash,
    password_hash: input.password ? await hashPassword(input.password, ctx.config.argon2) : null,
    expires_at: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
    allow_download: input.allowDownload,
    allow_comments: input.allowComments,
    include_stems: input.includeStems && input.allowDownload,
    created_by: userId,
    created_at: nowIso(),
  });
  const row = await repo.linkRow(ctx.db, project.id, id);
  if (!row) throw notFound('Share link');
  const figures = await repo.figuresOf(ctx.db, [id]);
  return presentLink(row, figures.get(id)!, shareUrl(ctx, token));
}

export async function listLinks(ctx: AppContext, userId: string, projectId: string): Promise<ShareLink[]> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'edit');
  const rows = await repo.linkRowsOfProject(ctx.db, project.id);
  const figures = await repo.figuresOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentLink(r, figures.get(r.id)!));
}

async function requireLink(ctx: AppContext, userId: string, projectId: string, linkId: string) {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'edit');
  const row = looksLikeId(linkId) ? await repo.linkRow(ctx.db, project.id, linkId) : undefined;
  if (!row) throw notFound('Share link');
  return row;
}

/** Revokes a link at once (revoking a revoked link changes nothing); its row and log are kept. */
export async function revokeLink(
  ctx: AppContext,
  userId: string,
  projectId: string,
  linkId: string,
): Promise<ShareLink> {
  const row = await requireLink(ctx, userId, projectId, linkId);
  await repo.revokeLink(ctx.db, row.id, nowIso());
  const revoked = (await repo.linkRow(ctx.db, row.project_id, row.id)) ?? row;
  const figures = await repo.figuresOf(ctx.db, [row.id]);
  return presentLink(revoked, figures.get(row.id)!);
}

export async function linkEvents(
  ctx: AppContext,
  userId: string,
  ids: { projectId: string; linkId: string },
  page: { page: number; limit: number },
): Promise<{ events: ShareLinkEvent[]; total: number }> {
  const row = await requireLink(ctx, userId, ids.projectId, ids.linkId);
  const [rows, total] = await Promise.all([
    repo.eventRows(ctx.db, row.id, page.limit, (page.page - 1) * page.limit),
    repo.countEvents(ctx.db, row.id),
  ]);
  return { events: rows.map(presentEvent), total };
}
