// HTTP routes of invitations (issue #20), as the contract declares them. Under a project (owner): invite by
// email, list and revoke the pending ones. Under /api/invitations (the invitee): mine, one, accept, decline.
import {
  invitationRoutes as mine,
  projectInvitationRoutes as owners,
} from '@mixdesk/contract/routes/invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import * as invitations from './service.ts';

const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** Mounted at /api/projects. */
export const projectInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };

  serve(app, owners.invite, auth, async (request, reply) => {
    const invitation = await invitations.inviteCollaborator(
      ctx,
      authOf(request).user._id,
      request.params.id,
      request.body,
    );
    return reply.status(201).send(ok(`Invitation sent to ${invitation.email}`, { invitation }));
  });

  serve(app, owners.list, auth, async (request) => {
    const list = await invitations.listProjectInvitations(ctx, authOf(request).user._id, request.params.id);
    return ok('Invitations', { invitations: list });
  });

  serve(app, owners.revoke, auth, async (request) => {
    const { id, invitationId } = request.params;
    await invitations.revokeInvitation(ctx, authOf(request).user._id, id, invitationId);
    return { success: true as const, message: 'Invitation revoked' };
  });
};

/** Mounted at /api/invitations. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };

  serve(app, mine.mine, auth, async (request) => {
    const list = await invitations.listMyInvitations(ctx, authOf(request).user._id);
    return ok('Invitations', { invitations: list });
  });

  serve(app, mine.get, auth, async (request) => {
    const invitation = await invitations.getMyInvitation(ctx, authOf(request).user._id, request.params.id);
    return ok('Invitation', { invitation });
  });

  serve(app, mine.accept, auth, async (request) => {
    const invitation = await invitations.acceptInvitation(ctx, authOf(request).user._id, request.params.id);
    return ok(`You joined ${invitation.project.title}`, {
      projectId: invitation.project._id,
      invitation,
    });
  });

  serve(app, mine.decline, auth, async (request) => {
    await invitations.declineInvitation(ctx, authOf(request).user._id, request.params.id);
    return { success: true as const, message: 'Invitation declined' };
  });
};
