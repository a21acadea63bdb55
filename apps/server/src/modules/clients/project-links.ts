// Linking a client to projects: a project has at most one client; both must belong to the caller.
// The client's project counts then follow the linked projects' statuses (see links.ts).
import type { Client, ClientProjectsData } from '@mixdesk/contract/client-responses';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requireProjectAccess, touchProject } from '../projects/public.ts';
import { clientIdOfProject, linkedCountsOfClient, projectsForClient, setProjectClient } from './links.ts';
import { presentClient } from './repo.ts';
import { requireClient } from './service.ts';

export async function listClientProjects(
  ctx: AppContext,
  userId: string,
  clientId: string,
): Promise<ClientProjectsData> {
  const client = await requireClient(ctx, userId, clientId);
  return projectsForClient(ctx.db, userId, client.id);
}

export async function linkProject(
  ctx: AppContext,
  userId: string,
  clientId: string,
  projectId: string,
): Promise<Client> {
  const client = await requireClient(ctx, userId, clientId);
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'owner');
  if ((await clientIdOfProject(ctx.db, project.id)) !== client.id)
    await ctx.db.transaction().execute(async (trx) => {
      await setProjectClient(trx, project.id, client.id);
      await touchProject(trx, project.id);
    });
  return presentClient(client, await linkedCountsOfClient(ctx.db, client.id));
}

export async function unlinkProject(
  ctx: AppContext,
  userId: string,
  clientId: string,
  projectId: string,
): Promise<Client> {
  const client = await requireClient(ctx, userId, clientId);
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'owner');
  if ((await clientIdOfProject(ctx.db, project.id)) !== client.id)
    throw notFound('Link between this client and project');
  await ctx.db.transaction().execute(async (trx) => {
    await setProjectClient(trx, project.id, null);
    await touchProject(trx, project.id);
  });
  return presentClient(client, await linkedCountsOfClient(ctx.db, client.id));
}
