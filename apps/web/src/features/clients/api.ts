// The client calls of SPEC §7 (Clients), parsed with the shared contract, and their query keys.

import type {
  ClientRole,
  ClientStatus,
  ClientType,
  CreateClientInput,
  UpdateClientInput,
} from '@mixdesk/contract/clients';
import { clientRoutes as routes } from '@mixdesk/contract/routes/clients';
import { call } from '../../lib/call';

export interface ClientFilters {
  search: string;
  role: ClientRole | '';
  type: ClientType | '';
  status: ClientStatus | '';
}

export const EMPTY_FILTERS: ClientFilters = { search: '', role: '', type: '', status: '' };
export const PAGE_SIZE = 12;

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => ['clients', 'list'] as const,
  list: (filters: ClientFilters, page: number) => ['clients', 'list', { ...filters, page }] as const,
  projects: (id: string) => ['clients', 'projects', id] as const,
};

export async function fetchClients(filters: ClientFilters, page: number, signal?: AbortSignal) {
  const { search, role, type, status } = filters;
  const query = { page, limit: PAGE_SIZE, search: search.trim(), role, type, status };
  return (await call(routes.list, { query }, { signal })).data;
}

export async function createClient(input: CreateClientInput) {
  return (await call(routes.create, { body: input })).data.client;
}

export async function updateClient(id: string, input: UpdateClientInput) {
  return (await call(routes.update, { params: { id }, body: input })).data.client;
}

export async function deleteClient(id: string) {
  await call(routes.remove, { params: { id } });
}

export async function fetchClientProjects(id: string, signal?: AbortSignal) {
  return (await call(routes.projects, { params: { id } }, { signal })).data;
}

export async function linkProject(id: string, projectId: string) {
  return (await call(routes.linkProject, { params: { id, projectId } })).data.client;
}

export async function unlinkProject(id: string, projectId: string) {
  return (await call(routes.unlinkProject, { params: { id, projectId } })).data.client;
}
