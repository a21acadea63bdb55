// /projects/:id/files: the project's other files by category (stems, session files, artwork, lyrics,
// references, other), with uploads that show their real progress, downloads, moves and deletes.
import {
  FILE_CATEGORIES,
  FILE_CATEGORY_LABELS,
  type FileCategory,
  type ProjectFile,
} from '@mixdesk/contract/media';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FolderOpen, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { mediaKeys, useMediaChanged } from '../../../lib/media-keys';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { cn } from '../../../ui/cn';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Pagination } from '../../../ui/pagination';
import { Select } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { useToast } from '../../../ui/toast';
import { formatBytes } from '../format';
import { mediaErrorMessage } from '../media/media-errors';
import { useProjectOutlet } from '../project-layout';
import { deleteFile, fetchFiles } from './api';
import { FileList } from './file-list';
import { FileUploadCard } from './file-upload-card';

const isCategory = (value: string | null): value is FileCategory =>
  (FILE_CATEGORIES as readonly string[]).includes(value ?? '');

export function FilesPage() {
  const { project } = useProjectOutlet();
  const projectId = project._id;
  const canEdit = project.access !== 'view';
  const toast = useToast();
  const changed = useMediaChanged(projectId);
  const [params, setParams] = useSearchParams();
  const category = isCategory(params.get('category')) ? (params.get('category') as FileCategory) : '';
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<ProjectFile | null>(null);

  const files = useQuery({
    queryKey: mediaKeys.fileList(projectId, category, page),
    queryFn: ({ signal }) => fetchFiles(projectId, category, page, signal),
    placeholderData: keepPreviousData,
  });
  const choose = (next: FileCategory | '') => {
    setPage(1);
    setParams((p) => {
      if (next) p.set('category', next);
      else p.delete('category');
      return p;
    });
  };
  const counts = files.data?.categories;
  const total = counts ? Object.values(counts).reduce((sum, c) => sum + c.count, 0) : 0;
  const options: { value: FileCategory | ''; label: string; count: number }[] = [
    { value: '', label: 'All files', count: total },
    ...FILE_CATEGORIES.map((c) => ({
      value: c,
      label: FILE_CATEGORY_LABELS[c],
      count: counts?.[c].count ?? 0,
    })),
  ];

  return (
    <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <title>{`Files · ${project.title} · Mixdesk`}</title>
      <nav aria-label="File categories" className="max-lg:hidden">
        <ul className="flex flex-col gap-0.5">
          {options.map((o) => (
            <li key={o.value || 'all'}>
              <button
                type="button"
                onClick={() => choose(o.value)}
                aria-current={category === o.value ? 'page' : undefined}
                className={cn(
                  'flex h-8 w-full cursor-pointer items-center justify-between rounded-md px-2.5 text-base transition-colors',
                  category === o.value
                    ? 'bg-surface-3 font-medium text-text'
                    : 'text-muted hover:bg-surface-2 hover:text-text',
                )}
              >
                {o.label}
                <span className="font-mono text-xs tabular-nums">{o.count}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-lg font-semibold">
            {category ? FILE_CATEGORY_LABELS[category] : 'All files'}{' '}
            <span className="font-normal text-muted">
              ({files.data?.pagination.totalFiles ?? 0}
              {category && counts ? ` · ${formatBytes(counts[category].size)}` : ''})
            </span>
          </h2>
          <Select
            aria-label="Show category"
            className="w-48 lg:hidden"
            value={category}
            onChange={(e) => choose(e.target.value as FileCategory | '')}
          >
            {options.map((o) => (
              <option key={o.value || 'all'} value={o.value}>
                {`${o.label} (${o.count})`}
              </option>
            ))}
          </Select>
        </div>
        {canEdit && (
          <FileUploadCard projectId={projectId} initialCategory={category || 'stems'} onUploaded={changed} />
        )}
        {files.isPending ? (
          <div className="flex flex-col gap-2">
            <p role="status" className="sr-only">
              Loading files...
            </p>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : files.isError ? (
          <Alert
            type="error"
            title="Connection Error"
            action={
              <Button size="sm" onClick={() => files.refetch()}>
                <RotateCw aria-hidden="true" />
                Try Again
              </Button>
            }
          >
            {mediaErrorMessage(files.error, 'Failed to load the files')}
          </Alert>
        ) : files.data.files.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 px-5 py-10 text-center">
            <FolderOpen aria-hidden="true" className="size-8 text-subtle" />
            <p className="text-lg font-semibold">
              No files {category ? `in ${FILE_CATEGORY_LABELS[category]}` : 'yet'}
            </p>
            <p className="max-w-sm text-base text-muted">
              {canEdit
                ? 'Choose files above to add them to this project.'
                : 'Nothing has been shared here yet.'}
            </p>
          </Card>
        ) : (
          <Card className="overflow-hidden">
            <FileList
              projectId={projectId}
              files={files.data.files}
              canEdit={canEdit}
              onDelete={setDeleting}
              onChanged={changed}
            />
          </Card>
        )}
        <Pagination page={page} totalPages={files.data?.pagination.totalPages ?? 1} onPage={setPage} />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete file?"
        description={
          deleting ? (
            <>
              <strong className="font-semibold text-text">{deleting.originalName}</strong> (
              {formatBytes(deleting.size)}) will be deleted for everyone on this project. This cannot be
              undone.
            </>
          ) : null
        }
        confirmLabel="Delete File"
        onConfirm={() => deleteFile(projectId, deleting!._id)}
        onClose={() => setDeleting(null)}
        errorMessage={(error) => mediaErrorMessage(error, 'The delete failed')}
        onDone={() => {
          toast.notify('success', `${deleting?.originalName ?? 'The file'} was deleted`);
          changed();
        }}
      />
    </div>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { FilesPage as Component };
