// Uploading a new version of a track: pick an audio file, name it ('Mix v3'), choose whether it becomes the
// current version, and watch its real upload progress (resumable: pause, resume, and it survives a dropped
// connection). Audio files (or a folder of them) dropped on the form each become a version.
import { AUDIO_ACCEPT, type Track, VERSION_LABEL_MAX } from '@mixdesk/contract/media';
import { FileAudio, Upload } from 'lucide-react';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { startResumableUpload } from '../../../lib/resumable-upload';
import { Button, buttonClasses } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { cn } from '../../../ui/cn';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { formatBytes } from '../format';
import { droppedFiles } from '../media/dropped-files';
import { UploadList } from '../media/upload-list';
import { useUploadQueue } from '../media/use-upload-queue';

const AUDIO_EXTENSIONS = /\.(wav|wave|aif|aiff|aifc|flac|mp3|m4a|mp4|aac|ogg|oga|opus)$/i;
const isAudio = (file: File) => AUDIO_EXTENSIONS.test(file.name) || file.type.startsWith('audio/');

export function UploadVersionForm({
  projectId,
  track,
  onUploaded,
}: {
  projectId: string;
  track: Track;
  onUploaded: () => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [label, setLabel] = useState('');
  const [makeCurrent, setMakeCurrent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uploads = useUploadQueue('Failed to upload the version');
  const hasCurrent = track.currentVersion !== null;

  const choose = (chosen: File | undefined) => {
    setError(null);
    if (!chosen) return setFile(null);
    if (!isAudio(chosen)) {
      setFile(null);
      setError('Choose a WAV, AIFF, FLAC, MP3, M4A/AAC or OGG file.');
      return;
    }
    setFile(chosen);
  };

  const [dragging, setDragging] = useState(false);
  /** Files (or a folder of them) dropped on the form: each audio file becomes a version, named by its file. */
  const drop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const audio = (await droppedFiles(event.dataTransfer)).filter(isAudio);
    if (audio.length === 0) return setError('Drop WAV, AIFF, FLAC, MP3, M4A/AAC or OGG files.');
    setError(null);
    const target = { target: 'version' as const, projectId, trackId: track._id };
    uploads.add(audio, (f, opts) => startResumableUpload(f, target, opts), onUploaded);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose an audio file first.');
    const target = {
      target: 'version' as const,
      projectId,
      trackId: track._id,
      ...(label.trim() ? { label: label.trim() } : {}),
      makeCurrent: hasCurrent && !makeCurrent ? ('false' as const) : ('true' as const),
    };
    uploads.add([file], (f, opts) => startResumableUpload(f, target, opts), onUploaded);
    setFile(null);
    setLabel('');
    setMakeCurrent(false);
    if (input.current) input.current.value = '';
  };

  return (
    <form
      onSubmit={submit}
      className={cn(
        'flex flex-col gap-3 rounded-md',
        dragging && 'outline-2 outline-offset-4 outline-dashed outline-accent',
      )}
      aria-label={`Upload a version of ${track.title}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => void drop(event)}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5">
          <span className="text-sm font-medium" id={`${inputId}-label`}>
            Audio file
          </span>
          <div className="flex min-w-0 items-center gap-2">
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={AUDIO_ACCEPT}
              aria-labelledby={`${inputId}-label`}
              className="peer sr-only"
              onChange={(e) => choose(e.target.files?.[0])}
            />
            <label
              htmlFor={inputId}
              className={buttonClasses({
                className:
                  'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus',
              })}
            >
              <FileAudio aria-hidden="true" />
              Choose file
            </label>
            <span className="min-w-0 truncate text-sm text-muted">
              {file ? `${file.name} · ${formatBytes(file.size)}` : 'WAV, AIFF, FLAC, MP3, M4A/AAC or OGG'}
            </span>
          </div>
        </div>
        <Field label="Version label" className="min-w-0 flex-1 basis-40">
          {(control) => (
            <Input
              {...control}
              value={label}
              maxLength={VERSION_LABEL_MAX}
              onChange={(e) => setLabel(e.target.value)}
              placeholder={`e.g. Mix v${track.versionCount + 1}`}
            />
          )}
        </Field>
        <Button type="submit" variant="primary" disabled={!file}>
          <Upload aria-hidden="true" />
          Upload Version
        </Button>
      </div>
      {hasCurrent ? (
        <Checkbox
          label="Make it the current version"
          checked={makeCurrent}
          onCheckedChange={(checked) => setMakeCurrent(checked === true)}
        />
      ) : (
        <p className="text-xs text-muted">The first version of a track becomes its current version.</p>
      )}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
      <UploadList
        items={uploads.items}
        onCancel={uploads.cancel}
        onDismiss={uploads.dismiss}
        onPause={uploads.pause}
        onResume={uploads.resume}
      />
    </form>
  );
}
