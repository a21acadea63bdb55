// The projects area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { isProjectId, lockProject, type ProjectRow, requireProjectAccess, touchProject } from './access.ts';
export { type ProjectFigures, projectFiguresOf } from './figures.ts';
export {
  collaborationsOf,
  collaboratorsOfProject,
  type JoinedCollaborator,
  type JoinedProject,
  joinProject,
  type LeftJoinedProject,
  leftJoinCollaborator,
  leftJoinProject,
  ownsOrWorksOn,
  projectIdsOfMember,
  projectsOwnedBy,
  selectProjects,
  selectProjectsIn,
  withProjectListVersion,
} from './project-joins.ts';
export {
  addCollaboratorIfAbsent,
  bytesStoredBy,
  collaboratorCount,
  findProjectOwner,
  isCollaborator,
  projectCounters,
  projectExists,
  projectOwnerId,
  projectTitleOf,
  setMediaTotals,
  setProjectColumns,
} from './project-lookups.ts';
export { isProjectMember, projectsWith, withProjectTitle } from './project-pieces.ts';
export { collaboratorsOf, insertProject, searchTextOf } from './repo.ts';
export { listProjects } from './service.ts';
