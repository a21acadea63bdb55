// The invitations area: asking someone by email to join a project, and their answer.
import type { Area } from '../../platform/area.ts';
import { invitationRoutes, projectInvitationRoutes } from './routes.ts';
import { invitationsUserData } from './user-data.ts';

export const invitationsArea: Area = {
  name: 'invitations',
  routes: [
    { prefix: '/api/projects', plugin: projectInvitationRoutes },
    { prefix: '/api/invitations', plugin: invitationRoutes },
  ],
  userData: invitationsUserData,
};
