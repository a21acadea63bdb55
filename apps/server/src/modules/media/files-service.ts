// A project's other files (stems, session files, artwork, lyrics, references): upload, list by category,
// download, recategorise, delete; every stored byte counts in the project's totalFileSize.

import {
  FILE_CATEGORIES,
  type FileCategory,
  type MediaTotals,
  type ProjectFile,
} from '@mixdesk/contract/media';
import { FileUploadFieldsSchema } from '@mixdesk/contract/media-uploads';
import { activityId } from '../../db/activity-ids.ts';
import { pageWindow } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { announceActivities } from '../activity/public.ts';
import { requireProjectAccess } from '../projects/public.ts';
import { presentFile } from './present.ts';
import { uploadAllowance } from './quota.ts';
import * as repo from './repo.ts';
import { SniffGate, sniffFileType } from './sniff.ts';
import { inProjectTransaction, removeObjects, uploadFailure } from './tracks-service.ts';
import { type OpenUpload, parseFields, storeUpload, throughGate, uploadLimit } from './upload.ts';

export const FILES_LIMIT_MAX = 500;

async function requireFile(
  ctx: AppContext,
  userId: string,
  projectId: string,
  fileId: string,
  need: 'view' | 'edit',
) {
  const { project } = await requireProjectAccess(ctx, userId, projectId, need);
  const file = await repo.findFileRow(ctx.db, project.id, fileId);
  if (!file) throw notFound('File');
  return { project, file };
}

export async function listFiles(
  ctx: AppContext,
  userId: string,
  projectId: string,
  query: { page: number; limit: number; category?: FileCategory },
) {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'view');
  const { limit, offset, page } = pageWindow(query.page, query.limit, FILES_LIMIT_MAX);
  const [rows, stats] = await Promise.all([
    repo.listFileRows(ctx.db, project.id, query.category, limit, offset),
    repo.fileStatsByCategory(ctx.db, project.id),
  ]);
  const categories = Object.fromEntries(FILE_CATEGORIES.map((c) => [c, { count: 0, size: 0 }])) as Record<
    FileCategory,
    { count: number; size: number }
  >;
  for (const s of stats) {
    if (s.category in categories)
      categories[s.category as FileCategory] = { count: Number(s.n), size: Number(s.bytes ?? 0) };
  }
  const total = query.category
    ? categories[query.category].count
    : Object.values(categories).reduce((sum, c) => sum + c.count, 0);
  return {
    files: rows.map(presentFile),
    pagination: { currentPage: page, totalPages: Math.ceil(total / limit), limit, totalFiles: total },
    categories,
  };
}

export async function getFile(ctx: AppContext, userId: string, projectId: string, fileId: string) {
  const { file } = await requireFile(ctx, userId, projectId, fileId, 'view');
  return file;
}

/** The file an upload with this id already became (a retried resumable upload's job); null when none. */
export async function madeFile(
  ctx: AppContext,
  projectId: string,
  fileId: string,
): Promise<ProjectFile | null> {
  const row = await repo.findFileRow(ctx.db, projectId, fileId);
  return row ? presentFile(row) : null;
}

export async function uploadFile(
  ctx: AppContext,
  userId: string,
  projectId: string,
  openUpload: OpenUpload,
): Promise<{ file: ProjectFile; totals: MediaTotals }> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'edit');
  const allowance = await uploadAllowance(ctx, project.owner_id, uploadLimit(ctx));
  const upload = await openUpload();
  const { category } = parseFields(FileUploadFieldsSchema, upload);
  // Any type is welcome here; the gate keeps the first bytes to label the file, and refuses an empty one.
  const gate = new SniffGate(
    () => null,
    () => badRequest('The file is empty.'),
  );
  const stream = throughGate(upload, gate);
  const id = upload.id ?? newId();
  const key = `projects/${project.id}/files/${id}`;
  let stored = false;
  try {
    const { size } = await storeUpload(ctx, key, upload, stream, allowance.maxBytes).catch((err) => {
      throw allowance.explain(err);
    });
    stored = true;
    const head = gate.head;
    const { totals } = await inProjectTransaction(
      ctx,
      project.id,
      async (trx) => {
        await repo.insertFile(trx, {
          id,
          project_id: project.id,
          category,
          storage_key: key,
          original_name: upload.fileName,
          mime: sniffFileType(head, upload.fileName),
          size,
          uploaded_by: userId,
          created_at: nowIso(),
        });
      },
      { quotaOf: project.owner_id },
    );
    const row = await repo.findFileRow(ctx.db, project.id, id);
    if (!row) throw notFound('File');
    await announceActivities(ctx, [activityId('file_uploaded', id)]);
    return { file: presentFile(row), totals };
  } catch (err) {
    stream.destroy();
    upload.discard();
    if (stored) await removeObjects(ctx, [key]);
    throw await uploadFailure(ctx, project.id, err);
  }
}

export async function recategorizeFile(
  ctx: AppContext,
  userId: string,
  projectId: string,
  fileId: string,
  category: FileCategory,
): Promise<{ file: ProjectFile; totals: MediaTotals }> {
  const { project, file } = await requireFile(ctx, userId, projectId, fileId, 'edit');
  const { totals } = await inProjectTransaction(ctx, project.id, async (trx) => {
    await repo.updateFileCategory(trx, file.id, category);
  });
  return { file: presentFile({ ...file, category }), totals };
}

export async function deleteFile(
  ctx: AppContext,
  userId: string,
  projectId: string,
  fileId: string,
): Promise<MediaTotals> {
  const { project, file } = await requireFile(ctx, userId, projectId, fileId, 'edit');
  const { totals } = await inProjectTransaction(ctx, project.id, async (trx) => {
    if (!(await repo.findFileRow(trx, project.id, file.id))) throw notFound('File');
    await repo.deleteFileRow(trx, file.id);
  });
  await removeObjects(ctx, [file.storage_key]);
  return totals;
}
