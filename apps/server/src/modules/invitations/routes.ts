// HTTP routes of invitations (issue #20). Under a project (owner): invite by email, list and revoke the pending
// ones. Under /api/invitations (the invitee): mine, one, accept, decline.
import { OkSchema } from '@mixdesk/contract/envelope';
import {
  InvitationAcceptedResponseSchema,
  InvitationCreatedResponseSchema,
  InvitationParamsSchema,
  MyInvitationResponseSchema,
  MyInvitationsResponseSchema,
  ProjectInvitationParamsSchema,
  ProjectInvitationsResponseSchema,
} from '@mixdesk/contract/invitations';
import { AddCollaboratorSchema, ProjectIdParamsSchema } from '@mixdesk/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import * as invitations from './service.ts';

const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** Mounted at /api/projects. */
export const projectInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };

  app.post(
    '/:id/collaborators',
    {
      ...auth,
      schema: {
        params: ProjectIdParamsSchema,
        body: AddCollaboratorSchema,
        response: { 201: InvitationCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const invitation = await invitations.inviteCollaborator(
        ctx,
        authOf(request).user._id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(ok(`Invitation sent to ${invitation.email}`, { invitation }));
    },
  );

  app.get(
    '/:id/invitations',
    {
      ...auth,
      schema: { params: ProjectIdParamsSchema, response: { 200: ProjectInvitationsResponseSchema } },
    },
    async (request) => {
      const list = await invitations.listProjectInvitations(ctx, authOf(request).user._id, request.params.id);
      return ok('Invitations', { invitations: list });
    },
  );

  app.delete(
    '/:id/invitations/:invitationId',
    { ...auth, schema: { params: ProjectInvitationParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const { id, invitationId } = request.params;
      await invitations.revokeInvitation(ctx, authOf(request).user._id, id, invitationId);
      return { success: true as const, message: 'Invitation revoked' };
    },
  );
};

/** Mounted at /api/invitations. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };

  app.get('/', { ...auth, schema: { response: { 200: MyInvitationsResponseSchema } } }, async (request) => {
    const list = await invitations.listMyInvitations(ctx, authOf(request).user._id);
    return ok('Invitations', { invitations: list });
  });

  app.get(
    '/:id',
    { ...auth, schema: { params: InvitationParamsSchema, response: { 200: MyInvitationResponseSchema } } },
    async (request) => {
      const invitation = await invitations.getMyInvitation(ctx, authOf(request).user._id, request.params.id);
      return ok('Invitation', { invitation });
    },
  );

  app.post(
    '/:id/accept',
    {
      ...auth,
      schema: { params: InvitationParamsSchema, response: { 200: InvitationAcceptedResponseSchema } },
    },
    async (request) => {
      const invitation = await invitations.acceptInvitation(ctx, authOf(request).user._id, request.params.id);
      return ok(`You joined ${invitation.project.title}`, {
        projectId: invitation.project._id,
        invitation,
      });
    },
  );

  app.post(
    '/:id/decline',
    { ...auth, schema: { params: InvitationParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await invitations.declineInvitation(ctx, authOf(request).user._id, request.params.id);
      return { success: true as const, message: 'Invitation declined' };
    },
  );
};
