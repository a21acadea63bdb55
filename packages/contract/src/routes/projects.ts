// The projects area's routes (SPEC §7 Projects), declared once for the server and the web (../routes.ts).
// The web's project calls are on its first screen: this file imports only modules those calls already load.
import { OkSchema } from '../envelope.ts';
import {
  CollaboratorsResponseSchema,
  ProjectListResponseSchema,
  ProjectResponseSchema,
} from '../project-responses.ts';
import {
  CollaboratorParamsSchema,
  CreateProjectSchema,
  ListProjectsQuerySchema,
  ProjectIdParamsSchema,
  UpdateCollaboratorSchema,
  UpdateProjectSchema,
} from '../projects.ts';
import { defineRoutes } from '../routes.ts';

export const projectRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/projects',
    query: ListProjectsQuerySchema,
    response: ProjectListResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/projects',
    body: CreateProjectSchema,
    status: 201,
    response: ProjectResponseSchema,
  },
  get: {
    method: 'GET',
    path: '/api/projects/:id',
    params: ProjectIdParamsSchema,
    response: ProjectResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/projects/:id',
    params: ProjectIdParamsSchema,
    body: UpdateProjectSchema,
    response: ProjectResponseSchema,
  },
  remove: { method: 'DELETE', path: '/api/projects/:id', params: ProjectIdParamsSchema, response: OkSchema },
  collaborators: {
    method: 'GET',
    path: '/api/projects/:id/collaborators',
    params: ProjectIdParamsSchema,
    response: CollaboratorsResponseSchema,
  },
  updateCollaborator: {
    method: 'PUT',
    path: '/api/projects/:id/collaborators/:userId',
    params: CollaboratorParamsSchema,
    body: UpdateCollaboratorSchema,
    response: ProjectResponseSchema,
  },
  removeCollaborator: {
    method: 'DELETE',
    path: '/api/projects/:id/collaborators/:userId',
    params: CollaboratorParamsSchema,
    response: OkSchema,
  },
});
