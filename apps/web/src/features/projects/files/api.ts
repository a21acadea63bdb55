// The project file calls (packages/contract/src/media.ts), parsed with the shared contract.
import {
  type FileCategory,
  FileListResponseSchema,
  FileResponseSchema,
  TotalsResponseSchema,
} from '@mixdesk/contract/media';
import { api } from '../../../lib/api';
import { postUpload, type UploadProgress } from '../../../lib/upload';

export const FILES_PAGE_SIZE = 50;

const filesPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/files`;
const filePath = (projectId: string, fileId: string) =>
  `${filesPath(projectId)}/${encodeURIComponent(fileId)}`;

export async function fetchFiles(
  projectId: string,
  category: FileCategory | '',
  page: number,
  signal?: AbortSignal,
) {
  const res = await api.get(filesPath(projectId), {
    query: { category, page, limit: FILES_PAGE_SIZE },
    schema: FileListResponseSchema,
    signal,
  });
  return res.data;
}

export async function uploadProjectFile(
  projectId: string,
  category: FileCategory,
  file: File,
  opts: { onProgress: (p: UploadProgress) => void; signal: AbortSignal },
) {
  // The file is the body, streamed to storage as it arrives; the category travels in the query string.
  const query = new URLSearchParams({ category });
  return (await postUpload(`${filesPath(projectId)}?${query}`, file, { ...opts, schema: FileResponseSchema }))
    .data.file;
}

export async function moveFile(projectId: string, fileId: string, category: FileCategory) {
  return (await api.put(filePath(projectId, fileId), { category }, { schema: FileResponseSchema })).data.file;
}

export async function deleteFile(projectId: string, fileId: string) {
  await api.delete(filePath(projectId, fileId), { schema: TotalsResponseSchema });
}
