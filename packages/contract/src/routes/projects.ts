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

export const projectRoutes = defineRoutes('project', {
  list: {
    method: 'GET',
    path: '/api/projects',
    summary: 'List my projects',
    query: ListProjectsQuerySchema,
    response: ProjectListResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/projects',
    summary: 'Create a project',
    body: CreateProjectSchema,
    status: 201,
    response: ProjectResponseSchema,
  },
  get: {
    method: 'GET',
    path: '/api/projects/:id',
    summary: 'Get a project',
    params: ProjectIdParamsSchema,
    response: ProjectResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/projects/:id',
    summary: 'Update a project',
    params: ProjectIdParamsSchema,
    body: UpdateProjectSchema,
    response: ProjectResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/projects/:id',
    summary: 'Delete a project',
    params: ProjectIdParamsSchema,
    response: OkSchema,
  },
  collaborators: {
    method: 'GET',
    path: '/api/projects/:id/collaborators',
    summary: "List a project's collaborators",
    params: ProjectIdParamsSchema,
    response: CollaboratorsResponseSchema,
  },
  updateCollaborator: {
    method: 'PUT',
    path: '/api/projects/:id/collaborators/:userId',
    summary: "Change a collaborator's permission or role",
    params: CollaboratorParamsSchema,
    body: UpdateCollaboratorSchema,
    response: ProjectResponseSchema,
  },
  removeCollaborator: {
    method: 'DELETE',
    path: '/api/projects/:id/collaborators/:userId',
    summary: 'Remove a collaborator',
    params: CollaboratorParamsSchema,
    response: OkSchema,
  },
});
