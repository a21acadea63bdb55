// HTTP routes of the projects area (SPEC §7 Projects): validate, call the service, shape the envelope.
import { OkSchema } from '@mixdesk/contract/envelope';
import {
  CollaboratorsResponseSchema,
  ProjectListResponseSchema,
  ProjectResponseSchema,
} from '@mixdesk/contract/project-responses';
import {
  CollaboratorParamsSchema,
  CreateProjectSchema,
  ListProjectsQuerySchema,
  ProjectIdParamsSchema,
  UpdateCollaboratorSchema,
  UpdateProjectSchema,
} from '@mixdesk/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import * as collaborators from './collaborators.ts';
import { listProjectsJson } from './list-cache.ts';
import * as projects from './service.ts';

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  app.get(
    '/',
    {
      ...auth,
      schema: { querystring: ListProjectsQuerySchema, response: { 200: ProjectListResponseSchema } },
    },
    async (request, reply) => {
      const json = await listProjectsJson(ctx, authOf(request).user._id, request.query);
      // Validated against the response schema and serialised (and cached) by listProjectsJson.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.post(
    '/',
    { ...auth, schema: { body: CreateProjectSchema, response: { 201: ProjectResponseSchema } } },
    async (request, reply) => {
      const project = await projects.createProject(ctx, authOf(request).user._id, request.body);
      return reply.status(201).send(ok('Project created', { project }));
    },
  );

  app.get(
    '/:id',
    { ...auth, schema: { params: ProjectIdParamsSchema, response: { 200: ProjectResponseSchema } } },
    async (request) => {
      const project = await projects.getProject(ctx, authOf(request).user._id, request.params.id);
      return ok('Project', { project });
    },
  );

  app.put(
    '/:id',
    {
      ...auth,
      schema: {
        params: ProjectIdParamsSchema,
        body: UpdateProjectSchema,
        response: { 200: ProjectResponseSchema },
      },
    },
    async (request) => {
      const userId = authOf(request).user._id;
      const project = await projects.updateProject(ctx, userId, request.params.id, request.body);
      return ok('Project updated', { project });
    },
  );

  app.delete(
    '/:id',
    { ...auth, schema: { params: ProjectIdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await projects.deleteProject(ctx, authOf(request).user._id, request.params.id);
      return { success: true as const, message: 'Project deleted' };
    },
  );

  app.get(
    '/:id/collaborators',
    { ...auth, schema: { params: ProjectIdParamsSchema, response: { 200: CollaboratorsResponseSchema } } },
    async (request) => {
      const project = await projects.getProject(ctx, authOf(request).user._id, request.params.id);
      return ok('Collaborators', { owner: project.owner, collaborators: project.collaborators });
    },
  );

  app.put(
    '/:id/collaborators/:userId',
    {
      ...auth,
      schema: {
        params: CollaboratorParamsSchema,
        body: UpdateCollaboratorSchema,
        response: { 200: ProjectResponseSchema },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const project = await collaborators.updateCollaborator(
        ctx,
        authOf(request).user._id,
        id,
        userId,
        request.body,
      );
      return ok('Collaborator updated', { project });
    },
  );

  app.delete(
    '/:id/collaborators/:userId',
    { ...auth, schema: { params: CollaboratorParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const { id, userId } = request.params;
      const callerId = authOf(request).user._id;
      await collaborators.removeCollaborator(ctx, callerId, id, userId);
      return {
        success: true as const,
        message: callerId === userId ? 'You left the project' : 'Collaborator removed',
      };
    },
  );
};
