// The client calls of SPEC §7 (Clients), parsed with the shared contract, and their query keys.

import {
  ClientDataSchema,
  ClientListDataSchema,
  ClientProjectsDataSchema,
} from '@mixdesk/contract/client-responses';
import type {
  ClientRole,
  ClientStatus,
  ClientType,
  CreateClientInput,
  UpdateClientInput,
} from '@mixdesk/contract/clients';
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import { api } from '../../lib/api';

export interface ClientFilters {
  search: string;
  role: ClientRole | '';
  type: ClientType | '';
  status: ClientStatus | '';
}

export const EMPTY_FILTERS: ClientFilters = { search: '', role: '', type: '', status: '' };
export const PAGE_SIZE = 12;

const ListResponseSchema = envelope(ClientListDataSchema);
const ClientResponseSchema = envelope(ClientDataSchema);
const ProjectsResponseSchema = envelope(ClientProjectsDataSchema);

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => ['clients', 'list'] as const,
  list: (filters: ClientFilters, page: number) => ['clients', 'list', { ...filters, page }] as const,
  projects: (id: string) => ['clients', 'projects', id] as const,
};

const clientPath = (id: string) => `/api/clients/${encodeURIComponent(id)}`;

export async function fetchClients(filters: ClientFilters, page: number, signal?: AbortSignal) {
  const { search, role, type, status } = filters;
  const response = await api.get('/api/clients', {
    query: { page, limit: PAGE_SIZE, search: search.trim(), role, type, status },
    schema: ListResponseSchema,
    signal,
  });
  return response.data;
}

export async function createClient(input: CreateClientInput) {
  return (await api.post('/api/clients', input, { schema: ClientResponseSchema })).data.client;
}

export async function updateClient(id: string, input: UpdateClientInput) {
  return (await api.put(clientPath(id), input, { schema: ClientResponseSchema })).data.client;
}

export async function deleteClient(id: string) {
  await api.delete(clientPath(id), { schema: OkSchema });
}

export async function fetchClientProjects(id: string, signal?: AbortSignal) {
  return (await api.get(`${clientPath(id)}/projects`, { schema: ProjectsResponseSchema, signal })).data;
}

export async function linkProject(id: string, projectId: string) {
  const path = `${clientPath(id)}/projects/${encodeURIComponent(projectId)}`;
  return (await api.put(path, undefined, { schema: ClientResponseSchema })).data.client;
}

export async function unlinkProject(id: string, projectId: string) {
  const path = `${clientPath(id)}/projects/${encodeURIComponent(projectId)}`;
  return (await api.delete(path, { schema: ClientResponseSchema })).data.client;
}
