// A project's files: name, category, size, who added it and when; download, move to another category, delete.
// A table on wide screens, one card per file on phones.
import {
  FILE_CATEGORIES,
  FILE_CATEGORY_LABELS,
  type FileCategory,
  type ProjectFile,
} from '@mixdesk/contract/media';
import { useMutation } from '@tanstack/react-query';
import { Download, FileText, FolderInput, Trash2 } from 'lucide-react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from '../../../ui/menu';
import { useToast } from '../../../ui/toast';
import { formatBytes } from '../format';
import { startDownload } from '../media/download';
import { mediaErrorMessage } from '../media/media-errors';
import { formatWhen } from '../tracks/track-labels';
import { moveFile } from './api';

interface Props {
  projectId: string;
  files: ProjectFile[];
  canEdit: boolean;
  onDelete: (file: ProjectFile) => void;
  onChanged: () => void;
}

export function FileList({ projectId, files, canEdit, onDelete, onChanged }: Props) {
  const toast = useToast();
  const move = useMutation({
    mutationFn: ({ file, category }: { file: ProjectFile; category: FileCategory }) =>
      moveFile(projectId, file._id, category),
    onSuccess: (file) => {
      toast.notify('success', `${file.originalName} moved to ${FILE_CATEGORY_LABELS[file.category]}`);
      onChanged();
    },
    onError: (error) => toast.notify('error', mediaErrorMessage(error, 'Failed to move the file')),
  });

  const actions = (file: ProjectFile) => (
    <div className="flex shrink-0 items-center justify-end gap-1">
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Download ${file.originalName}`}
        onClick={() => void startDownload(file.downloadUrl)}
      >
        <Download aria-hidden="true" />
      </Button>
      {canEdit && (
        <>
          <Menu>
            <MenuTrigger asChild>
              <Button size="icon" variant="ghost" aria-label={`Move ${file.originalName}`}>
                <FolderInput aria-hidden="true" />
              </Button>
            </MenuTrigger>
            <MenuContent>
              <MenuLabel>Move to</MenuLabel>
              {FILE_CATEGORIES.filter((c) => c !== file.category).map((category) => (
                <MenuItem key={category} onSelect={() => move.mutate({ file, category })}>
                  {FILE_CATEGORY_LABELS[category]}
                </MenuItem>
              ))}
            </MenuContent>
          </Menu>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Delete ${file.originalName}`}
            onClick={() => onDelete(file)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </>
      )}
    </div>
  );

  return (
    <>
      {/* Auto layout: every column but Name is as wide as what it says; Name takes the rest and truncates. */}
      <table className="w-full text-left text-base max-md:hidden">
        <caption className="sr-only">Files</caption>
        <thead className="border-b border-border text-xs text-muted">
          <tr>
            <th scope="col" className="w-full px-4 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Category
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Size
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Added
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file._id} className="border-b border-border last:border-0 hover:bg-surface-2">
              <td className="max-w-0 px-4 py-2">
                <span className="flex items-center gap-2">
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-subtle" />
                  <span className="truncate font-medium" title={file.originalName}>
                    {file.originalName}
                  </span>
                </span>
              </td>
              <td className="px-2 py-2 whitespace-nowrap">
                <Badge>{FILE_CATEGORY_LABELS[file.category]}</Badge>
              </td>
              <td className="px-2 py-2 text-right font-mono whitespace-nowrap text-muted tabular-nums">
                {formatBytes(file.size)}
              </td>
              <td className="px-2 py-2 text-sm whitespace-nowrap text-muted">
                <span className="inline-block max-w-48 truncate align-bottom xl:max-w-64">
                  {file.uploadedBy?.name ?? 'A former member'}
                </span>{' '}
                · {formatWhen(file.createdAt)}
              </td>
              <td className="px-4 py-1">{actions(file)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Files" className="flex flex-col divide-y divide-border md:hidden">
        {files.map((file) => (
          <li key={file._id} className="flex items-center gap-2 px-3 py-2.5">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="truncate font-medium" title={file.originalName}>
                {file.originalName}
              </span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <Badge>{FILE_CATEGORY_LABELS[file.category]}</Badge>
                <span className="font-mono tabular-nums">{formatBytes(file.size)}</span>
                <span>{formatWhen(file.createdAt)}</span>
              </span>
            </div>
            {actions(file)}
          </li>
        ))}
      </ul>
    </>
  );
}
