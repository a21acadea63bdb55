// The invitations' routes (issue #20), declared once for the server and the web (../routes.ts): the project
// owner's under /api/projects/:id (invite, list and revoke the pending ones), the invitee's under
// /api/invitations (mine, one, accept, decline).
import { OkSchema } from '../envelope.ts';
import {
  InvitationAcceptedResponseSchema,
  InvitationCreatedResponseSchema,
  InvitationParamsSchema,
  MyInvitationResponseSchema,
  MyInvitationsResponseSchema,
  ProjectInvitationParamsSchema,
  ProjectInvitationsResponseSchema,
} from '../invitations.ts';
import { AddCollaboratorSchema, ProjectIdParamsSchema } from '../projects.ts';
import { defineRoutes } from '../routes.ts';

/** The owner's side, served by a plugin mounted at /api/projects. */
export const projectInvitationRoutes = defineRoutes('projectInvitation', {
  /** Invites a collaborator by email (the invitation is mailed). */
  invite: {
    method: 'POST',
    path: '/api/projects/:id/collaborators',
    summary: 'Invite a collaborator by email',
    errors: [409, 422],
    params: ProjectIdParamsSchema,
    body: AddCollaboratorSchema,
    status: 201,
    response: InvitationCreatedResponseSchema,
  },
  list: {
    method: 'GET',
    path: '/api/projects/:id/invitations',
    summary: "List a project's pending invitations",
    params: ProjectIdParamsSchema,
    response: ProjectInvitationsResponseSchema,
  },
  revoke: {
    method: 'DELETE',
    path: '/api/projects/:id/invitations/:invitationId',
    summary: 'Revoke an invitation',
    params: ProjectInvitationParamsSchema,
    response: OkSchema,
  },
});

/** The invitee's side. */
export const invitationRoutes = defineRoutes('invitation', {
  mine: {
    method: 'GET',
    path: '/api/invitations',
    summary: 'List my invitations',
    response: MyInvitationsResponseSchema,
  },
  get: {
    method: 'GET',
    path: '/api/invitations/:id',
    summary: 'Get one of my invitations',
    params: InvitationParamsSchema,
    response: MyInvitationResponseSchema,
  },
  accept: {
    method: 'POST',
    path: '/api/invitations/:id/accept',
    summary: 'Accept an invitation',
    params: InvitationParamsSchema,
    response: InvitationAcceptedResponseSchema,
  },
  decline: {
    method: 'POST',
    path: '/api/invitations/:id/decline',
    summary: 'Decline an invitation',
    params: InvitationParamsSchema,
    response: OkSchema,
  },
});
