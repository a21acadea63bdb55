// The owner's side of a round of agreement (issue #37): "Request agreement" on a work's or a recording's
// splits, and the sealed split sheet once everyone agreed. The parties' side is agree-routes.ts.
import { recordingRoutes, workRoutes } from '@mixdesk/contract/routes/catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import { contentDisposition } from '../media/public.ts';
import { type RoundSubject, sendRound, splitSheetOf } from './agreement-send.ts';
import type { SubjectKind } from './agreements.ts';
import { requireTrack } from './recordings.ts';
import * as repo from './repo.ts';
import { serveFile } from './serve-file.ts';
import { requireWork } from './works.ts';

const ownerOf = (request: FastifyRequest) => {
  const { user } = authOf(request);
  return { id: user._id, name: user.name, email: user.email };
};

function workSubject(row: repo.WorkRow): RoundSubject {
  return {
    kind: 'work',
    id: row.id,
    title: row.title,
    iswc: row.iswc,
    isrc: null,
    parties: [
      ...repo
        .parseList<{
          name: string;
          email: string | null;
          shareBasisPoints: number;
          role: string;
          pro: string;
          ipi: string | null;
        }>(row.writers)
        .map((w) => ({
          kind: 'writer' as const,
          name: w.name,
          email: w.email,
          shareBasisPoints: w.shareBasisPoints,
          role: w.role,
          pro: w.pro,
          ipi: w.ipi,
        })),
      ...repo
        .parseList<{
          name: string;
          email: string | null;
          shareBasisPoints: number;
          pro: string;
          ipi: string | null;
        }>(row.publishers)
        .map((p) => ({
          kind: 'publisher' as const,
          name: p.name,
          email: p.email,
          shareBasisPoints: p.shareBasisPoints,
          pro: p.pro,
          ipi: p.ipi,
        })),
    ],
  };
}

/** The owner's saved recording of a track: a round needs its master owners saved first. */
async function recordingSubject(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { id: string; trackId: string } }>,
) {
  const { track } = await requireTrack(
    ctx,
    authOf(request).user._id,
    request.params.id,
    request.params.trackId,
    'owner',
  );
  const row = await repo.recordingOfTrack(ctx.db, track.id);
  const subject: RoundSubject = {
    kind: 'recording',
    id: row?.id ?? track.id,
    title: track.title,
    iswc: null,
    isrc: row?.isrc ?? null,
    parties: row
      ? repo
          .parseList<{ name: string; email: string | null; shareBasisPoints: number }>(row.master_owners)
          .map((o) => ({
            kind: 'master_owner' as const,
            name: o.name,
            email: o.email,
            shareBasisPoints: o.shareBasisPoints,
          }))
      : [],
  };
  return { subject, saved: row !== undefined };
}

async function sendSheet(ctx: AppContext, reply: FastifyReply, kind: SubjectKind, id: string, title: string) {
  const sheet = await splitSheetOf(ctx, kind, id);
  return reply
    .type('application/pdf')
    .header('content-length', sheet.size)
    .header('cache-control', 'private, no-cache')
    .header('etag', `"${sheet.sha256}"`)
    .header('content-disposition', contentDisposition('attachment', `split-sheet-${title}.pdf`))
    .send(await ctx.storage.get(sheet.key));
}

export const workAgreementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };

  serve(app, workRoutes.agreement, auth, async (request) => {
    const row = await requireWork(ctx, authOf(request).user._id, request.params.id);
    const agreement = await sendRound(ctx, ownerOf(request), workSubject(row));
    return { success: true as const, message: 'Agreement requested from every party', data: { agreement } };
  });

  serveFile<{ id: string }>(
    app,
    workRoutes.splitSheet,
    { ...auth, produces: ['application/pdf'] },
    async (request, reply) => {
      const row = await requireWork(ctx, authOf(request).user._id, request.params.id);
      return sendSheet(ctx, reply, 'work', row.id, row.title);
    },
  );
};

export const recordingAgreementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };

  serve(app, recordingRoutes.agreement, auth, async (request) => {
    const { subject, saved } = await recordingSubject(ctx, request);
    if (!saved) subject.parties = [];
    const agreement = await sendRound(ctx, ownerOf(request), subject);
    return {
      success: true as const,
      message: 'Agreement requested from every master owner',
      data: { agreement },
    };
  });

  serveFile<{ id: string; trackId: string }>(
    app,
    recordingRoutes.splitSheet,
    { ...auth, produces: ['application/pdf'] },
    async (request, reply) => {
      const { subject } = await recordingSubject(ctx, request);
      return sendSheet(ctx, reply, 'recording', subject.id, subject.title);
    },
  );
};
