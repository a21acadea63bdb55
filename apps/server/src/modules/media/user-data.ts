// The media area's part of a user's data: the export lists the tracks, versions (with their stems) and files of
// the user's own projects, with their stored objects added to the ZIP. Deleting the account is the projects area's: it
// deletes each project's rows, then its stored bytes (deleteProjectCompletely).
import type { AppContext, ExportedFile, UserDataHandler } from '../../platform/context.ts';
import { projectsOwnedBy } from '../projects/public.ts';
import { presentFile, presentVersion } from './present.ts';
import * as repo from './repo.ts';
import { presentStems } from './stems-present.ts';
import { stemsOfVersion } from './stems-repo.ts';
import { loadTracks } from './tracks-service.ts';
import { safeFileName } from './upload.ts';

async function ownedProjectIds(ctx: AppContext, userId: string): Promise<string[]> {
  const rows = await projectsOwnedBy(ctx.db, userId).select('id').execute();
  return rows.map((r) => r.id);
}

export const mediaUserData: UserDataHandler = {
  area: 'media',
  async exportData(ctx, userId) {
    const projects = [];
    const files: ExportedFile[] = [];
    for (const projectId of await ownedProjectIds(ctx, userId)) {
      const trackRows = await repo.listTrackRows(ctx.db, projectId, 10_000, 0);
      const tracks = [];
      for (const track of await loadTracks(ctx, trackRows)) {
        const versionRows = await repo.versionRowsOfTrack(ctx.db, track._id);
        const current = track.currentVersion?._id ?? null;
        const versions = [];
        for (const v of versionRows) {
          const stemRows = await stemsOfVersion(ctx.db, v.id);
          versions.push({ ...presentVersion(v, current), stems: presentStems(v, stemRows) });
          files.push({
            path: `projects/${projectId}/tracks/${track._id}/${v.id}-${safeFileName(v.original_name)}`,
            storageKey: v.storage_key,
          });
          for (const s of stemRows)
            files.push({
              path: `projects/${projectId}/tracks/${track._id}/${v.id}-stems/${s.id}-${safeFileName(s.original_name)}`,
              storageKey: s.storage_key,
            });
        }
        tracks.push({ ...track, versions });
      }
      const fileRows = await repo.listFileRows(ctx.db, projectId, undefined, 100_000, 0);
      for (const f of fileRows)
        files.push({
          path: `projects/${projectId}/files/${f.category}/${f.id}-${safeFileName(f.original_name)}`,
          storageKey: f.storage_key,
        });
      projects.push({ projectId, tracks, files: fileRows.map(presentFile) });
    }
    return { data: { projects }, files };
  },
  // Removing the bytes here, before the projects' rows go, could leave rows naming nothing.
  async deleteData() {},
};
