// Removing a project's stored media. The projects area calls this before it deletes a project's rows
// (tracks, versions and files then go with the project by cascade).
import type { AppContext } from '../../platform/context.ts';
import { looksLikeId, storageKeysOfProject } from './repo.ts';
import { removeObjects } from './tracks-service.ts';

/** Removes every stored object of the project: the ones its rows name, and anything else under its prefix. */
export async function removeProjectMedia(ctx: AppContext, projectId: string): Promise<void> {
  if (!looksLikeId(projectId)) return;
  await removeObjects(ctx, await storageKeysOfProject(ctx.db, projectId));
  await ctx.storage.removePrefix(`projects/${projectId}`);
}
