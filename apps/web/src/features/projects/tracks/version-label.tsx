// A version's label in its list, with the badges for the current version and the one playing, renamed in
// place by whoever may edit the project.
import type { Track, TrackVersion } from '@mixdesk/contract/media';
import { VERSION_LABEL_MAX } from '@mixdesk/contract/media';
import { useMutation } from '@tanstack/react-query';
import { AudioLines, Check, Pencil, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { renameVersion } from '../../../lib/tracks-api';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { useToast } from '../../../ui/toast';
import { mediaErrorMessage } from '../media/media-errors';

export function VersionLabel({
  projectId,
  track,
  version,
  canEdit,
  playing,
  onChanged,
}: {
  projectId: string;
  track: Track;
  version: TrackVersion;
  canEdit: boolean;
  /** The player is sounding this version now. */
  playing: boolean;
  onChanged: () => void;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(version.label);
  const rename = useMutation({
    mutationFn: (next: string) => renameVersion(projectId, track._id, version._id, next),
    onSuccess: () => {
      setEditing(false);
      onChanged();
    },
    onError: (error) => toast.notify('error', mediaErrorMessage(error, 'Failed to rename the version')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (label.trim()) rename.mutate(label.trim());
  };

  if (editing)
    return (
      <form onSubmit={submit} className="flex items-center gap-1">
        <Input
          aria-label={`New label for ${version.label}`}
          value={label}
          maxLength={VERSION_LABEL_MAX}
          onChange={(e) => setLabel(e.target.value)}
          className="h-7 max-w-56"
          autoFocus
        />
        <Button size="icon" type="submit" variant="ghost" aria-label="Save label" loading={rename.isPending}>
          <Check aria-hidden="true" />
        </Button>
        <Button size="icon" variant="ghost" aria-label="Cancel renaming" onClick={() => setEditing(false)}>
          <X aria-hidden="true" />
        </Button>
      </form>
    );
  return (
    <p className="flex min-w-0 items-center gap-2">
      <span className="truncate font-medium">{version.label}</span>
      {version.isCurrent && <Badge tone="accent">Current</Badge>}
      {playing && (
        <Badge tone="success">
          <AudioLines aria-hidden="true" className="size-3" />
          Playing
        </Badge>
      )}
      {canEdit && (
        <Button
          size="icon"
          variant="ghost"
          className="size-6"
          aria-label={`Rename ${version.label}`}
          onClick={() => {
            setLabel(version.label);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" className="size-3.5" />
        </Button>
      )}
    </p>
  );
}
