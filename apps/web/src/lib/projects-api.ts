// The project calls of SPEC §7 (Projects), parsed with the shared contract, and their query keys
// (the version pickers read the list; an accepted invitation refreshes it).
import { OkSchema } from '@mixdesk/contract/envelope';
import {
  InvitationCreatedResponseSchema,
  ProjectInvitationsResponseSchema,
} from '@mixdesk/contract/invitations';
import { ProjectListResponseSchema, ProjectResponseSchema } from '@mixdesk/contract/project-responses';
import type {
  AddCollaboratorInput,
  CollaboratorPermission,
  CreateProjectInput,
  ProjectGenre,
  ProjectStatus,
  ProjectType,
  UpdateProjectInput,
} from '@mixdesk/contract/projects';
import { api } from './api';

export interface ProjectFilters {
  search: string;
  type: ProjectType | '';
  status: ProjectStatus | '';
  genre: ProjectGenre | '';
}

export const EMPTY_FILTERS: ProjectFilters = { search: '', type: '', status: '', genre: '' };

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => ['projects', 'list'] as const,
  list: (filters: ProjectFilters, page: number) => ['projects', 'list', { ...filters, page }] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  invitations: (id: string) => ['projects', 'invitations', id] as const,
};

/** The projects list and the document form check the server is up before loading (SPEC §7). */
export async function checkHealth(signal?: AbortSignal): Promise<true> {
  await api.get('/api/health', { signal, auth: false });
  return true;
}

export async function fetchProjects(filters: ProjectFilters, page: number, signal?: AbortSignal) {
  const response = await api.get('/api/projects', {
    query: { page, limit: 12, search: filters.search.trim(), ...pickFilters(filters) },
    schema: ProjectListResponseSchema,
    signal,
  });
  return response.data;
}

const pickFilters = ({ type, status, genre }: ProjectFilters) => ({ type, status, genre });

export async function fetchProject(id: string, signal?: AbortSignal) {
  return (await api.get(`/api/projects/${encodeURIComponent(id)}`, { schema: ProjectResponseSchema, signal }))
    .data.project;
}

export async function createProject(input: CreateProjectInput) {
  return (await api.post('/api/projects', input, { schema: ProjectResponseSchema })).data.project;
}

export async function updateProject(id: string, input: UpdateProjectInput) {
  return (await api.put(`/api/projects/${encodeURIComponent(id)}`, input, { schema: ProjectResponseSchema }))
    .data.project;
}

export async function deleteProject(id: string) {
  await api.delete(`/api/projects/${encodeURIComponent(id)}`, { schema: OkSchema });
}

const collaboratorsPath = (id: string) => `/api/projects/${encodeURIComponent(id)}/collaborators`;

/** Invites an email (issue #20): nobody joins until they accept; the answer is the same for any email. */
export async function inviteCollaborator(id: string, input: AddCollaboratorInput) {
  return (await api.post(collaboratorsPath(id), input, { schema: InvitationCreatedResponseSchema })).data
    .invitation;
}

const invitationsPath = (id: string) => `/api/projects/${encodeURIComponent(id)}/invitations`;

/** The owner's view of the invitations still waiting for an answer. */
export async function fetchProjectInvitations(id: string, signal?: AbortSignal) {
  return (await api.get(invitationsPath(id), { schema: ProjectInvitationsResponseSchema, signal })).data
    .invitations;
}

export async function revokeInvitation(id: string, invitationId: string) {
  await api.delete(`${invitationsPath(id)}/${encodeURIComponent(invitationId)}`, { schema: OkSchema });
}

export async function updateCollaborator(
  id: string,
  userId: string,
  input: { permission?: CollaboratorPermission; role?: string },
) {
  return (
    await api.put(`${collaboratorsPath(id)}/${encodeURIComponent(userId)}`, input, {
      schema: ProjectResponseSchema,
    })
  ).data.project;
}

export async function removeCollaborator(id: string, userId: string) {
  await api.delete(`${collaboratorsPath(id)}/${encodeURIComponent(userId)}`, { schema: OkSchema });
}
