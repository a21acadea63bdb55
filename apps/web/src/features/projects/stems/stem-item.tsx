// What a stem's row shows beside its Mute and Solo: its name and role, its file's details, where it disagrees
// with the mix or the other stems (each in the server's words), and for editors Edit, Replace and Delete.
import { AUDIO_ACCEPT } from '@mixdesk/contract/media';
import type { Stem, StemIssue } from '@mixdesk/contract/stems';
import { FileUp, Pencil, Trash2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button, buttonClasses } from '../../../ui/button';
import { audioDetails } from '../tracks/track-labels';
import type { StemChange } from './stem-edit';
import { StemEditForm } from './stem-edit-form';
import { stemNameOf } from './stem-files';
import { roleLabel, stemLengthAndSize } from './stem-labels';

const ISSUE_LABEL: Record<StemIssue['kind'], string> = {
  sampleRate: 'Sample rate',
  bitDepth: 'Bit depth',
  length: 'Length',
};

export function StemItem({
  stem,
  canEdit,
  onSave,
  onReplace,
  onDelete,
}: {
  stem: Stem;
  canEdit: boolean;
  onSave: (change: StemChange) => Promise<unknown>;
  onReplace: (file: File) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const replaceId = useId();
  const role = roleLabel(stem.role);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="flex min-w-0 flex-1 basis-52 flex-col gap-0.5">
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
            <span className="min-w-0 font-medium break-words" data-testid="stem-name">
              {stem.name}
            </span>
            {role && (
              <Badge tone="accent" data-testid="stem-role">
                {role}
              </Badge>
            )}
          </p>
          <p className="text-xs text-muted">
            {audioDetails(stem)} · <span className="font-mono tabular-nums">{stemLengthAndSize(stem)}</span>
          </p>
          {stemNameOf(stem.originalName) !== stem.name && (
            <p className="truncate text-xs text-subtle" title={stem.originalName}>
              {stem.originalName}
            </p>
          )}
          {stem.issues.length > 0 && (
            <ul aria-label={`Issues of ${stem.name}`} className="flex flex-col gap-0.5 pt-0.5">
              {stem.issues.map((issue) => (
                <li key={issue.kind} className="flex items-start gap-1.5 text-sm text-warning">
                  <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                  <span>
                    <span className="font-medium">{ISSUE_LABEL[issue.kind]}:</span> {issue.message}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {canEdit && !editing && (
          <div className="flex shrink-0 items-center gap-1">
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Edit ${stem.name}`}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" />
              <span className="max-sm:sr-only">Edit</span>
            </Button>
            <span className="flex">
              <input
                id={replaceId}
                type="file"
                accept={AUDIO_ACCEPT}
                aria-label={`Replace ${stem.name}`}
                className="peer sr-only"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) onReplace(file);
                }}
              />
              <label
                htmlFor={replaceId}
                className={buttonClasses({
                  size: 'sm',
                  variant: 'ghost',
                  className:
                    'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus',
                })}
              >
                <FileUp aria-hidden="true" />
                <span className="max-sm:sr-only">Replace</span>
              </label>
            </span>
            <Button size="icon" variant="ghost" aria-label={`Delete ${stem.name}`} onClick={onDelete}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      {editing && <StemEditForm stem={stem} onSave={onSave} onDone={() => setEditing(false)} />}
    </div>
  );
}
