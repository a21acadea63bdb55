// The three packages (issue #36): a version's (its mix, stems, markers and checksums), a project's
// deliverables (every track's current version with its stems, a folder each in the project's order, and the
// project's files by category), and a shared version's for a guest (only through a link that allows
// downloads; stems only when it includes them). Each checks access as the version's audio does: a stranger,
// another project's id or another track's version is 404.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { versionMarkerFiles } from '../comments/public.ts';
import {
  projectFilesForPackage,
  requireVersion,
  stemRowsOfVersions,
  versionsInScope,
} from '../media/public.ts';
import { requireProjectAccess } from '../projects/public.ts';
import {
  requireDownload,
  type SharedVersionRow,
  type ShareLinkRow,
  sharesStems,
} from '../share-links/public.ts';
import {
  assemble,
  byNameThenId,
  CHECKSUMS_NAME,
  type Package,
  type PlannedFile,
  versionFiles,
} from './contents.ts';
import { ArchiveNames, safeName } from './names.ts';

const zipName = (name: string) => `${safeName(name, 'package')}.zip`;

export async function versionPackage(
  ctx: AppContext,
  userId: string,
  ids: { projectId: string; trackId: string; versionId: string },
): Promise<Package> {
  const { track, version } = await requireVersion(ctx, userId, ids, 'view');
  const [stems, markers] = await Promise.all([
    stemRowsOfVersions(ctx.db, [version.id]),
    versionMarkerFiles(ctx, version, track.title),
  ]);
  const names = new ArchiveNames();
  names.reserve(CHECKSUMS_NAME);
  const title = `${track.title} - ${version.label}`;
  const folder = names.newFolder('', title);
  const files = versionFiles(names, folder, version, stems);
  const createdAt = String(version.created_at);
  for (const m of markers)
    files.push({
      path: names.file(folder, m.name),
      source: { kind: 'bytes', body: m.body },
      modifiedAt: createdAt,
    });
  return assemble(ctx, zipName(title), files, createdAt);
}

export async function projectPackage(ctx: AppContext, userId: string, projectId: string): Promise<Package> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'view');
  const scope = { projectId: project.id, trackId: null, versionId: null };
  const [versions, projectFiles] = await Promise.all([
    versionsInScope(ctx.db, scope),
    projectFilesForPackage(ctx.db, project.id),
  ]);
  const stems = await stemRowsOfVersions(
    ctx.db,
    versions.map((v) => v.id),
  );
  const names = new ArchiveNames();
  names.reserve(CHECKSUMS_NAME);
  const files: PlannedFile[] = [];
  const width = Math.max(2, String(versions.length).length);
  for (const [i, v] of versions.entries()) {
    const folder = names.newFolder('', `${String(i + 1).padStart(width, '0')} ${v.track_title}`);
    files.push(
      ...versionFiles(
        names,
        folder,
        v,
        stems.filter((s) => s.version_id === v.id),
      ),
    );
  }
  if (projectFiles.length > 0) {
    const filesFolder = names.folder('', 'Files');
    const byCategoryAndName = projectFiles
      .map((f) => ({ ...f, name: `${f.category}/${f.original_name}` }))
      .sort(byNameThenId);
    for (const f of byCategoryAndName) {
      const path = names.nestedFile(names.folder(filesFolder, f.category), f.original_name);
      files.push({ path, source: { kind: 'object', key: f.storage_key }, modifiedAt: f.created_at });
    }
  }
  return assemble(ctx, zipName(`${project.title} - Deliverables`), files, String(project.created_at));
}

/**
 * A shared version's package: 404 unless the link allows downloads (and is live and open); its stems only when
 * the link includes them. Its markers stay out: they are the team's comments, which a guest does not see.
 */
export async function sharedPackage(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
  versionId: string,
): Promise<{ pkg: Package; shared: { link: ShareLinkRow; version: SharedVersionRow } }> {
  const shared = await requireDownload(ctx, request, token, versionId);
  const { link, version } = shared;
  const stems = sharesStems(link) ? await stemRowsOfVersions(ctx.db, [version.id]) : [];
  const names = new ArchiveNames();
  names.reserve(CHECKSUMS_NAME);
  const title = `${version.track_title} - ${version.label}`;
  const folder = names.newFolder('', title);
  const files = versionFiles(names, folder, version, stems);
  return { pkg: await assemble(ctx, zipName(title), files, String(version.created_at)), shared };
}
