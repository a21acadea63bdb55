// The projects area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { isProjectId, lockProject, type ProjectRow, requireProjectAccess, touchProject } from './access.ts';
export { isProjectMember, projectsWith, withProjectTitle } from './project-pieces.ts';
export { collaboratorsOf } from './repo.ts';
export { listProjects } from './service.ts';
