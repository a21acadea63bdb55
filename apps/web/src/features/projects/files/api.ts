// The project file calls (packages/contract/src/routes/media.ts), parsed with the shared contract.
import type { FileCategory } from '@mixdesk/contract/media';
import { fileRoutes as routes } from '@mixdesk/contract/routes/media';
import { call } from '../../../lib/call';

export const FILES_PAGE_SIZE = 50;

export async function fetchFiles(
  projectId: string,
  category: FileCategory | '',
  page: number,
  signal?: AbortSignal,
) {
  const query = { category, page, limit: FILES_PAGE_SIZE };
  return (await call(routes.list, { params: { id: projectId }, query }, { signal })).data;
}

export async function moveFile(projectId: string, fileId: string, category: FileCategory) {
  return (await call(routes.move, { params: { id: projectId, fileId }, body: { category } })).data.file;
}

export async function deleteFile(projectId: string, fileId: string) {
  await call(routes.remove, { params: { id: projectId, fileId } });
}
