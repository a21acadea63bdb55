// Choosing stems to add: files (several at once) or a whole folder; drops are taken by the panel around it.
import { AUDIO_ACCEPT } from '@mixdesk/contract/media';
import { FilePlus2, FolderUp } from 'lucide-react';
import { useId } from 'react';
import { buttonClasses } from '../../../ui/button';

const pickerClasses = (variant: 'primary' | 'secondary') =>
  buttonClasses({
    variant,
    className:
      'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus',
  });

export function StemPickers({ onFiles }: { onFiles: (files: File[]) => void }) {
  const filesId = useId();
  const folderId = useId();
  const take = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    input.value = '';
    onFiles(files);
  };
  return (
    <>
      <span className="flex">
        <input
          id={filesId}
          type="file"
          multiple
          accept={AUDIO_ACCEPT}
          aria-label="Stem files to add"
          className="peer sr-only"
          onChange={(e) => take(e.currentTarget)}
        />
        <label htmlFor={filesId} className={pickerClasses('primary')}>
          <FilePlus2 aria-hidden="true" />
          Add Stems
        </label>
      </span>
      <span className="flex">
        <input
          ref={(node) => {
            // Not in React's types: a folder picker whose files carry their path in the folder.
            node?.setAttribute('webkitdirectory', '');
          }}
          id={folderId}
          type="file"
          aria-label="A folder of stems to add"
          className="peer sr-only"
          onChange={(e) => take(e.currentTarget)}
        />
        <label htmlFor={folderId} className={pickerClasses('secondary')}>
          <FolderUp aria-hidden="true" />
          Add Folder
        </label>
      </span>
    </>
  );
}
