// A track's recording (its master): ISRC, artists, credits, master owners with shares totalling 100 %, BPM and
// key (from the analysis until first saved), studio and date, P-line; its master split's agreement below.
import type { Recording } from '@mixdesk/contract/catalog';
import { MUSICAL_KEYS, type MusicalKey, musicalKeyLabel } from '@mixdesk/contract/musical-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { useToast } from '../../ui/toast';
import {
  catalogKeys,
  recordingSplitSheetUrl,
  requestRecordingAgreement,
  type TrackRef,
  updateRecording,
} from './api';
import { ArtistRows, CreditRows } from './credit-rows';
import {
  type RecordingValues,
  recordingErrorsOf,
  recordingInputOf,
  recordingValuesOf,
} from './credits-model';
import { fieldErrors } from './errors';
import { PartyRows, SharesTotalLine } from './party-rows';
import { SaveFooter } from './save-footer';
import { sharesTotal } from './shares';
import { SplitsStatus } from './splits-status';

interface Props {
  track: TrackRef;
  recording: Recording;
  canEdit: boolean;
}

export function RecordingEditor({ track, recording, canEdit }: Props) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<RecordingValues>(() => recordingValuesOf(recording));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<RecordingValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setDirty(true);
  };
  const total = sharesTotal(values.masterOwners.map((o) => o.share));
  const save = useMutation({
    mutationFn: () => updateRecording(track, recordingInputOf(values, recording.workId)),
    onMutate: () => setErrors({}),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogKeys.recording(track.projectId, track.trackId), saved);
      setValues(recordingValuesOf(saved));
      setDirty(false);
      toast.notify('success', 'The recording was saved');
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const local = recordingErrorsOf(values);
    if (Object.keys(local).length > 0) return setErrors(local);
    if (total.ok) save.mutate();
  };
  const text = (key: 'isrc' | 'studio' | 'pLineOwner' | 'bpm' | 'pLineYear' | 'recordedOn') => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [key]: e.target.value }),
  });

  return (
    <form aria-label="Recording" className="flex flex-col gap-4" onSubmit={submit}>
      <fieldset disabled={!canEdit} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <legend className="sr-only">The recording</legend>
        <Field
          label="ISRC"
          hint="Like US-RC1-76-07839"
          error={errors.isrc}
          className="col-span-2 sm:col-span-1"
        >
          {(control) => <Input {...control} {...text('isrc')} className="font-mono" />}
        </Field>
        <Field label="BPM" error={errors.bpm}>
          {(control) => <Input {...control} {...text('bpm')} inputMode="decimal" className="tabular-nums" />}
        </Field>
        <Field label="Key" error={errors.key}>
          {(control) => (
            <Select
              {...control}
              value={values.key}
              onChange={(e) => set({ key: e.target.value as MusicalKey | '' })}
            >
              <option value="">Not set</option>
              {MUSICAL_KEYS.map((key) => (
                <option key={key} value={key}>
                  {musicalKeyLabel(key)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Studio" error={errors.studio} className="col-span-2">
          {(control) => <Input {...control} {...text('studio')} />}
        </Field>
        <Field label="Recording date" error={errors.recordedOn} className="col-span-2 sm:col-span-1">
          {(control) => <Input {...control} {...text('recordedOn')} type="date" />}
        </Field>
        <Field label="P-line year" error={errors.pLineYear}>
          {(control) => <Input {...control} {...text('pLineYear')} inputMode="numeric" placeholder="2026" />}
        </Field>
        <Field label="P-line owner" error={errors.pLineOwner} className="col-span-2 sm:col-span-2">
          {(control) => <Input {...control} {...text('pLineOwner')} />}
        </Field>
      </fieldset>
      <Group title="Artists" id="recording-artists">
        <ArtistRows
          rows={values.artists}
          onChange={(artists) => set({ artists })}
          errors={errors}
          disabled={!canEdit}
        />
      </Group>
      <Group title="Credits" id="recording-credits">
        <CreditRows
          rows={values.credits}
          onChange={(credits) => set({ credits })}
          errors={errors}
          disabled={!canEdit}
        />
      </Group>
      <Group title="Master owners" id="recording-owners">
        <PartyRows
          kind="owner"
          rows={values.masterOwners}
          onChange={(masterOwners) => set({ masterOwners })}
          errors={errors}
          path="masterOwners"
          disabled={!canEdit}
        />
        <SharesTotalLine total={total} serverError={errors.masterOwners} noteId="recording-total-note" />
      </Group>
      <SaveFooter
        what="recording"
        error={save.isError ? save.error : null}
        pending={save.isPending}
        canSave={total.ok}
        canEdit={canEdit}
        noteId="recording-total-note"
      />
      <SplitsStatus
        subject="the master split"
        status={recording.splitsStatus}
        agreement={recording.agreement}
        canEdit={canEdit}
        dirty={dirty || !recording.saved}
        onRequest={() => requestRecordingAgreement(track)}
        onRequested={() =>
          queryClient.invalidateQueries({ queryKey: catalogKeys.recording(track.projectId, track.trackId) })
        }
        splitSheetUrl={recordingSplitSheetUrl(track)}
      />
    </form>
  );
}

function Group({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h4 id={id} className="text-sm font-semibold text-muted uppercase">
        {title}
      </h4>
      {children}
    </section>
  );
}
