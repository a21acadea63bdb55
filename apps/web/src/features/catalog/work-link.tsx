// A recording with no work yet: make one from the track's title, or link one of my works (a work can be
// shared between tracks: a remix, a live take). Either way the recording is saved with the work's id.
import type { Recording } from '@mixdesk/contract/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { catalogKeys, createWork, fetchWorks, type TrackRef, updateRecording } from './api';
import { recordingInputOf, recordingValuesOf } from './credits-model';
import { errorText } from './errors';

interface Props {
  track: TrackRef;
  trackTitle: string;
  recording: Recording;
  canEdit: boolean;
}

export function WorkLink({ track, trackTitle, recording, canEdit }: Props) {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState('');
  /** The work made by a try whose recording save failed: a retry links it rather than making another. */
  const made = useRef<string | null>(null);
  const works = useQuery({
    queryKey: catalogKeys.works,
    queryFn: ({ signal }) => fetchWorks(signal),
    enabled: canEdit,
  });
  const link = useMutation({
    mutationFn: async (workId: string | null) => {
      const save = (id: string) => updateRecording(track, recordingInputOf(recordingValuesOf(recording), id));
      if (workId) return save(workId);
      made.current ??= (await createWork({ title: trackTitle, writers: [], publishers: [] }))._id;
      return save(made.current);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogKeys.recording(track.projectId, track.trackId), saved);
      void queryClient.invalidateQueries({ queryKey: catalogKeys.works });
    },
  });

  if (!canEdit) return <p className="text-sm text-muted">No work is linked to this recording yet.</p>;
  const list = works.data ?? [];
  return (
    <div className="flex flex-col gap-3 rounded-md border border-dashed border-border p-4">
      <p className="text-sm text-muted">
        This recording has no work yet. Make one from the track's title, then add its writers and publishers.
      </p>
      <Button
        variant="primary"
        className="self-start"
        onClick={() => link.mutate(null)}
        loading={link.isPending && link.variables === null}
        disabled={link.isPending}
      >
        <Plus aria-hidden="true" />
        Create the work
      </Button>
      {list.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <Field label="Or link one of my works" className="min-w-0 flex-1 basis-56">
            {(control) => (
              <Select {...control} value={picked} onChange={(e) => setPicked(e.target.value)}>
                <option value="">Choose a work…</option>
                {list.map((w) => (
                  <option key={w._id} value={w._id}>
                    {w.title}
                    {w.writerNames.length > 0 ? ` (${w.writerNames.join(', ')})` : ''}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button
            onClick={() => link.mutate(picked)}
            disabled={picked === '' || link.isPending}
            loading={link.isPending && link.variables !== null}
          >
            <Link2 aria-hidden="true" />
            Link work
          </Button>
        </div>
      )}
      {link.isError && <Alert type="error">{errorText(link.error, 'The work could not be linked')}</Alert>}
    </div>
  );
}
