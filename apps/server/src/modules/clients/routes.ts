// HTTP routes of the clients area (SPEC §7 Clients): validate, call the service, shape the envelope.

import { ClientDataSchema, ClientProjectsDataSchema } from '@mixdesk/contract/client-responses';
import {
  ClientIdParamsSchema,
  ClientListQuerySchema,
  ClientProjectParamsSchema,
  CreateClientSchema,
  UpdateClientSchema,
} from '@mixdesk/contract/clients';
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import { ClientListResponseSchema, listClientsJson } from './list.ts';
import { linkProject, listClientProjects, unlinkProject } from './project-links.ts';
import * as clients from './service.ts';

const ClientResponse = envelope(ClientDataSchema);

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const userId = (request: Parameters<typeof authOf>[0]) => authOf(request).user._id;

  app.get(
    '/',
    { ...auth, schema: { querystring: ClientListQuerySchema, response: { 200: ClientListResponseSchema } } },
    async (request, reply) => {
      const json = await listClientsJson(ctx, userId(request), request.query);
      // Already validated against the response schema and serialised (and cached) by the service.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.post(
    '/',
    { ...auth, schema: { body: CreateClientSchema, response: { 201: ClientResponse } } },
    async (request, reply) => {
      const client = await clients.createClient(ctx, userId(request), request.body);
      return reply.status(201).send({ success: true, message: 'Client created', data: { client } });
    },
  );

  app.get(
    '/:id',
    { ...auth, schema: { params: ClientIdParamsSchema, response: { 200: ClientResponse } } },
    async (request) => ({
      success: true as const,
      message: 'Client',
      data: { client: await clients.getClient(ctx, userId(request), request.params.id) },
    }),
  );

  app.put(
    '/:id',
    {
      ...auth,
      schema: { params: ClientIdParamsSchema, body: UpdateClientSchema, response: { 200: ClientResponse } },
    },
    async (request) => ({
      success: true as const,
      message: 'Client updated',
      data: {
        client: await clients.updateClient(ctx, userId(request), request.params.id, request.body),
      },
    }),
  );

  app.delete(
    '/:id',
    { ...auth, schema: { params: ClientIdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await clients.deleteClient(ctx, userId(request), request.params.id);
      return { success: true as const, message: 'Client deleted' };
    },
  );

  app.get(
    '/:id/projects',
    {
      ...auth,
      schema: { params: ClientIdParamsSchema, response: { 200: envelope(ClientProjectsDataSchema) } },
    },
    async (request) => ({
      success: true as const,
      message: 'Client projects',
      data: await listClientProjects(ctx, userId(request), request.params.id),
    }),
  );

  app.put(
    '/:id/projects/:projectId',
    { ...auth, schema: { params: ClientProjectParamsSchema, response: { 200: ClientResponse } } },
    async (request) => {
      const { id, projectId } = request.params;
      const client = await linkProject(ctx, userId(request), id, projectId);
      return { success: true as const, message: 'Project linked to client', data: { client } };
    },
  );

  app.delete(
    '/:id/projects/:projectId',
    { ...auth, schema: { params: ClientProjectParamsSchema, response: { 200: ClientResponse } } },
    async (request) => {
      const { id, projectId } = request.params;
      const client = await unlinkProject(ctx, userId(request), id, projectId);
      return { success: true as const, message: 'Project unlinked from client', data: { client } };
    },
  );
};
