// Adding files to a project: pick a category and one or more files; each uploads in turn with its real progress.
import { FILE_CATEGORIES, FILE_CATEGORY_LABELS, type FileCategory } from '@mixdesk/contract/media';
import { FilePlus2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { buttonClasses } from '../../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card';
import { Field } from '../../../ui/field';
import { Select } from '../../../ui/select';
import { UploadList } from '../media/upload-list';
import { useUploadQueue } from '../media/use-upload-queue';
import { uploadProjectFile } from './api';

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
  const input = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState<FileCategory>(initialCategory);
  const uploads = useUploadQueue('Failed to upload the file');

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const into = category;
    uploads.add([...files], async (file, opts) => {
      await uploadProjectFile(projectId, into, file, opts);
      onUploaded();
    });
    if (input.current) input.current.value = '';
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add files</CardTitle>
        <CardDescription>
          Stems, session files, artwork, lyrics and references, up to 2 GB each.
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
            onChange={(e) => add(e.target.files)}
          />
          <label
            htmlFor={inputId}
            className={buttonClasses({
              variant: 'primary',
              className:
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus',
            })}
          >
            <FilePlus2 aria-hidden="true" />
            Choose Files
          </label>
        </div>
        <UploadList items={uploads.items} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      </CardContent>
    </Card>
  );
}
