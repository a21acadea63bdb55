// Adding files to a project: pick a category, then files or a whole folder (chosen, or dropped on the card);
// each file uploads in turn, resumable, with its real progress, its folder kept in its name.
import { FILE_CATEGORIES, FILE_CATEGORY_LABELS, type FileCategory } from '@mixdesk/contract/media';
import { FilePlus2, FolderUp } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { startResumableUpload } from '../../../lib/resumable-upload';
import { buttonClasses } from '../../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card';
import { cn } from '../../../ui/cn';
import { Field } from '../../../ui/field';
import { Select } from '../../../ui/select';
import { droppedFiles } from '../media/dropped-files';
import { UploadList } from '../media/upload-list';
import { useUploadQueue } from '../media/use-upload-queue';

export function FileUploadCard({
  projectId,
  initialCategory,
  onUploaded,
}: {
  projectId: string;
  initialCategory: FileCategory;
  onUploaded: () => void;
}) {
  const inputId = useId();
  const folderId = useId();
  const input = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [category, setCategory] = useState<FileCategory>(initialCategory);
  const uploads = useUploadQueue('Failed to upload the file');

  const add = (files: File[]) => {
    if (files.length === 0) return;
    const target = { target: 'file' as const, projectId, category };
    uploads.add(files, (file, opts) => startResumableUpload(file, target, opts), onUploaded);
    if (input.current) input.current.value = '';
    if (folderInput.current) folderInput.current.value = '';
  };

  const drop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(await droppedFiles(event.dataTransfer));
  };
  const pickerClasses = (variant: 'primary' | 'secondary') =>
    buttonClasses({
      variant,
      className:
        'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus',
    });

  return (
    <Card
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => void drop(event)}
      className={cn(dragging && 'outline-2 outline-dashed outline-accent')}
      data-testid="file-drop"
    >
      <CardHeader>
        <CardTitle>Add files</CardTitle>
        <CardDescription>
          Stems, session files, artwork, lyrics and references, up to 2 GB each. Drop files or a folder here;
          an upload cut off goes on by itself, or when you choose the same file again.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Add to category" className="min-w-44 flex-1 sm:flex-none">
            {(control) => (
              <Select
                {...control}
                value={category}
                onChange={(e) => setCategory(e.target.value as FileCategory)}
              >
                {FILE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {FILE_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            aria-label={`Files to add to ${FILE_CATEGORY_LABELS[category]}`}
            className="peer sr-only"
            onChange={(e) => add([...(e.target.files ?? [])])}
          />
          <label htmlFor={inputId} className={pickerClasses('primary')}>
            <FilePlus2 aria-hidden="true" />
            Choose Files
          </label>
          <span className="flex">
            <input
              ref={(node) => {
                folderInput.current = node;
                // Not in React's types: a folder picker whose files carry their path in the folder.
                node?.setAttribute('webkitdirectory', '');
              }}
              id={folderId}
              type="file"
              aria-label={`A folder to add to ${FILE_CATEGORY_LABELS[category]}`}
              className="peer sr-only"
              onChange={(e) => add([...(e.target.files ?? [])])}
            />
            <label htmlFor={folderId} className={pickerClasses('secondary')}>
              <FolderUp aria-hidden="true" />
              Choose Folder
            </label>
          </span>
        </div>
        <UploadList
          items={uploads.items}
          onCancel={uploads.cancel}
          onDismiss={uploads.dismiss}
          onPause={uploads.pause}
          onResume={uploads.resume}
        />
      </CardContent>
    </Card>
  );
}
