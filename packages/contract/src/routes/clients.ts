// The clients area's routes (SPEC §7 Clients), declared once for the server and the web (../routes.ts).
import { ClientDataSchema, ClientListDataSchema, ClientProjectsDataSchema } from '../client-responses.ts';
import {
  ClientIdParamsSchema,
  ClientListQuerySchema,
  ClientProjectParamsSchema,
  CreateClientSchema,
  UpdateClientSchema,
} from '../clients.ts';
import { envelope, OkSchema } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';

const ClientResponse = envelope(ClientDataSchema);

export const clientRoutes = defineRoutes('client', {
  list: {
    method: 'GET',
    path: '/api/clients',
    summary: 'List my clients',
    query: ClientListQuerySchema,
    response: envelope(ClientListDataSchema),
  },
  create: {
    method: 'POST',
    path: '/api/clients',
    summary: 'Add a client',
    errors: [409],
    body: CreateClientSchema,
    status: 201,
    response: ClientResponse,
  },
  get: {
    method: 'GET',
    path: '/api/clients/:id',
    summary: 'Get a client',
    params: ClientIdParamsSchema,
    response: ClientResponse,
  },
  update: {
    method: 'PUT',
    path: '/api/clients/:id',
    summary: 'Update a client',
    errors: [409],
    params: ClientIdParamsSchema,
    body: UpdateClientSchema,
    response: ClientResponse,
  },
  remove: {
    method: 'DELETE',
    path: '/api/clients/:id',
    summary: 'Delete a client',
    params: ClientIdParamsSchema,
    response: OkSchema,
  },
  projects: {
    method: 'GET',
    path: '/api/clients/:id/projects',
    summary: "List a client's projects",
    params: ClientIdParamsSchema,
    response: envelope(ClientProjectsDataSchema),
  },
  linkProject: {
    method: 'PUT',
    path: '/api/clients/:id/projects/:projectId',
    summary: 'Link a project to a client',
    params: ClientProjectParamsSchema,
    response: ClientResponse,
  },
  unlinkProject: {
    method: 'DELETE',
    path: '/api/clients/:id/projects/:projectId',
    summary: 'Unlink a project from a client',
    params: ClientProjectParamsSchema,
    response: ClientResponse,
  },
});
