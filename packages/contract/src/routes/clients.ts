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

export const clientRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/clients',
    query: ClientListQuerySchema,
    response: envelope(ClientListDataSchema),
  },
  create: {
    method: 'POST',
    path: '/api/clients',
    body: CreateClientSchema,
    status: 201,
    response: ClientResponse,
  },
  get: { method: 'GET', path: '/api/clients/:id', params: ClientIdParamsSchema, response: ClientResponse },
  update: {
    method: 'PUT',
    path: '/api/clients/:id',
    params: ClientIdParamsSchema,
    body: UpdateClientSchema,
    response: ClientResponse,
  },
  remove: { method: 'DELETE', path: '/api/clients/:id', params: ClientIdParamsSchema, response: OkSchema },
  projects: {
    method: 'GET',
    path: '/api/clients/:id/projects',
    params: ClientIdParamsSchema,
    response: envelope(ClientProjectsDataSchema),
  },
  linkProject: {
    method: 'PUT',
    path: '/api/clients/:id/projects/:projectId',
    params: ClientProjectParamsSchema,
    response: ClientResponse,
  },
  unlinkProject: {
    method: 'DELETE',
    path: '/api/clients/:id/projects/:projectId',
    params: ClientProjectParamsSchema,
    response: ClientResponse,
  },
});
