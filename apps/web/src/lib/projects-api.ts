// The project calls of SPEC §7 (Projects), parsed with the shared contract, and their query keys
// (the version pickers read the list; an accepted invitation refreshes it).
import type {
  AddCollaboratorInput,
  CollaboratorPermission,
  CreateProjectInput,
  ProjectGenre,
  ProjectStatus,
  ProjectType,
  UpdateProjectInput,
} from '@mixdesk/contract/projects';
import { projectInvitationRoutes as invitationRoutes } from '@mixdesk/contract/routes/invitations';
import { platformRoutes } from '@mixdesk/contract/routes/platform';
import { projectRoutes as routes } from '@mixdesk/contract/routes/projects';
import { call } from './call';

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

/**
 * The projects list and the document form check the server is up before loading (SPEC §7). The path is
 * written here: the diagnostics area serves it, and its routes are not declared in the contract yet.
 */
export async function checkHealth(signal?: AbortSignal): Promise<true> {
  await call(platformRoutes.health, {}, { signal, auth: false });
  return true;
}

export async function fetchProjects(filters: ProjectFilters, page: number, signal?: AbortSignal) {
  const query = { page, limit: 12, search: filters.search.trim(), ...pickFilters(filters) };
  return (await call(routes.list, { query }, { signal })).data;
}

const pickFilters = ({ type, status, genre }: ProjectFilters) => ({ type, status, genre });

export async function fetchProject(id: string, signal?: AbortSignal) {
  return (await call(routes.get, { params: { id } }, { signal })).data.project;
}

export async function createProject(input: CreateProjectInput) {
  return (await call(routes.create, { body: input })).data.project;
}

export async function updateProject(id: string, input: UpdateProjectInput) {
  return (await call(routes.update, { params: { id }, body: input })).data.project;
}

export async function deleteProject(id: string) {
  await call(routes.remove, { params: { id } });
}

/** Invites an email (issue #20): nobody joins until they accept; the answer is the same for any email. */
export async function inviteCollaborator(id: string, input: AddCollaboratorInput) {
  return (await call(invitationRoutes.invite, { params: { id }, body: input })).data.invitation;
}

/** The owner's view of the invitations still waiting for an answer. */
export async function fetchProjectInvitations(id: string, signal?: AbortSignal) {
  return (await call(invitationRoutes.list, { params: { id } }, { signal })).data.invitations;
}

export async function revokeInvitation(id: string, invitationId: string) {
  await call(invitationRoutes.revoke, { params: { id, invitationId } });
}

export async function updateCollaborator(
  id: string,
  userId: string,
  input: { permission?: CollaboratorPermission; role?: string },
) {
  return (await call(routes.updateCollaborator, { params: { id, userId }, body: input })).data.project;
}

export async function removeCollaborator(id: string, userId: string) {
  await call(routes.removeCollaborator, { params: { id, userId } });
}
