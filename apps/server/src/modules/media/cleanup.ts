// Removing a project's stored media. The projects area reads the keys, deletes the project's rows (tracks,
// versions and files go with it by cascade), then calls this: bytes go after the rows, so a crash between
// the two leaves objects no row names (the storage sweeper's to remove), never a row naming nothing.
import type { AppContext } from '../../platform/context.ts';
import { looksLikeId, storageKeysOfProject } from './repo.ts';
import { removeObjects } from './tracks-service.ts';

/** The stored objects a project's rows name, read before the rows go. */
export async function projectMediaKeys(ctx: AppContext, projectId: string): Promise<string[]> {
  return looksLikeId(projectId) ? storageKeysOfProject(ctx.db, projectId) : [];
}

/**
 * Removes every stored object of a project whose rows are gone: the ones its rows named, and anything else
 * under its prefix (an upload that was streaming meanwhile). A failure is logged, not thrown: the project
 * is already deleted, and what stays is the sweeper's.
 */
export async function removeProjectMedia(ctx: AppContext, projectId: string, keys: string[]): Promise<void> {
  if (!looksLikeId(projectId)) return;
  await removeObjects(ctx, keys);
  await ctx.storage
    .removePrefix(`projects/${projectId}`)
    .catch((err) =>
      ctx.log.error(
        { service: 'media', err, projectId },
        "Could not remove a deleted project's stored objects",
      ),
    );
}
