// HTTP routes of the projects area (SPEC §7 Projects), as the contract declares them: validate, call the
// service, shape the envelope.
import { projectRoutes as routes } from '@mixdesk/contract/routes/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import * as collaborators from './collaborators.ts';
import { listProjectsJson } from './list-cache.ts';
import * as projects from './service.ts';

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  serve(app, routes.list, auth, async (request, reply) => {
    const json = await listProjectsJson(ctx, authOf(request).user._id, request.query);
    // Validated against the response schema and serialised (and cached) by listProjectsJson.
    return reply.type('application/json; charset=utf-8').send(json);
  });

  serve(app, routes.create, auth, async (request, reply) => {
    const project = await projects.createProject(ctx, authOf(request).user._id, request.body);
    return reply.status(201).send(ok('Project created', { project }));
  });

  serve(app, routes.get, auth, async (request) => {
    const project = await projects.getProject(ctx, authOf(request).user._id, request.params.id);
    return ok('Project', { project });
  });

  serve(app, routes.update, auth, async (request) => {
    const userId = authOf(request).user._id;
    const project = await projects.updateProject(ctx, userId, request.params.id, request.body);
    return ok('Project updated', { project });
  });

  serve(app, routes.remove, auth, async (request) => {
    await projects.deleteProject(ctx, authOf(request).user._id, request.params.id);
    return { success: true as const, message: 'Project deleted' };
  });

  serve(app, routes.collaborators, auth, async (request) => {
    const project = await projects.getProject(ctx, authOf(request).user._id, request.params.id);
    return ok('Collaborators', { owner: project.owner, collaborators: project.collaborators });
  });

  serve(app, routes.updateCollaborator, auth, async (request) => {
    const { id, userId } = request.params;
    const project = await collaborators.updateCollaborator(
      ctx,
      authOf(request).user._id,
      id,
      userId,
      request.body,
    );
    return ok('Collaborator updated', { project });
  });

  serve(app, routes.removeCollaborator, auth, async (request) => {
    const { id, userId } = request.params;
    const callerId = authOf(request).user._id;
    await collaborators.removeCollaborator(ctx, callerId, id, userId);
    return {
      success: true as const,
      message: callerId === userId ? 'You left the project' : 'Collaborator removed',
    };
  });
};
