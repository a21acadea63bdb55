// The projects area: projects, their collaborators, and who may reach what (access.ts).
import type { Area } from '../../platform/area.ts';
import { requireProjectAccess } from './access.ts';
import { projectRoutes } from './routes.ts';
import { seedProjects } from './seed.ts';
import { projectsUserData } from './user-data.ts';

export const projectsArea: Area = {
  name: 'projects',
  routes: [{ prefix: '/api/projects', plugin: projectRoutes }],
  seed: seedProjects,
  userData: projectsUserData,
  // Who may join a project's live room: whoever may view the project.
  start: (app) => {
    app.realtime.setProjectAccessCheck(async (userId, projectId) => {
      try {
        await requireProjectAccess(app.ctx, userId, projectId, 'view');
        return true;
      } catch {
        return false;
      }
    });
  },
};
