// HTTP routes of the clients area (SPEC §7 Clients), as the contract declares them: validate, call the
// service, shape the envelope.
import { clientRoutes as routes } from '@mixdesk/contract/routes/clients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import { listClientsJson } from './list.ts';
import { linkProject, listClientProjects, unlinkProject } from './project-links.ts';
import * as clients from './service.ts';

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const userId = (request: Parameters<typeof authOf>[0]) => authOf(request).user._id;

  serve(app, routes.list, auth, async (request, reply) => {
    const json = await listClientsJson(ctx, userId(request), request.query);
    // Already validated against the response schema and serialised (and cached) by the service.
    return reply.type('application/json; charset=utf-8').send(json);
  });

  serve(app, routes.create, auth, async (request, reply) => {
    const client = await clients.createClient(ctx, userId(request), request.body);
    return reply.status(201).send({ success: true, message: 'Client created', data: { client } });
  });

  serve(app, routes.get, auth, async (request) => ({
    success: true as const,
    message: 'Client',
    data: { client: await clients.getClient(ctx, userId(request), request.params.id) },
  }));

  serve(app, routes.update, auth, async (request) => ({
    success: true as const,
    message: 'Client updated',
    data: { client: await clients.updateClient(ctx, userId(request), request.params.id, request.body) },
  }));

  serve(app, routes.remove, auth, async (request) => {
    await clients.deleteClient(ctx, userId(request), request.params.id);
    return { success: true as const, message: 'Client deleted' };
  });

  serve(app, routes.projects, auth, async (request) => ({
    success: true as const,
    message: 'Client projects',
    data: await listClientProjects(ctx, userId(request), request.params.id),
  }));

  serve(app, routes.linkProject, auth, async (request) => {
    const { id, projectId } = request.params;
    const client = await linkProject(ctx, userId(request), id, projectId);
    return { success: true as const, message: 'Project linked to client', data: { client } };
  });

  serve(app, routes.unlinkProject, auth, async (request) => {
    const { id, projectId } = request.params;
    const client = await unlinkProject(ctx, userId(request), id, projectId);
    return { success: true as const, message: 'Project unlinked from client', data: { client } };
  });
};
