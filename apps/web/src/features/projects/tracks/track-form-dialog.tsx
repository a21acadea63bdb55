// Add or edit a track: title, status, BPM, key, ISRC and notes, checked with the same rules as the server
// (the shared contract) before sending, and the server's field messages shown where they belong. The project's
// owner also decides there whether unresolved notes follow the mix to new versions (issue #35).
import {
  CreateTrackSchema,
  type MusicalKey,
  TRACK_NOTES_MAX,
  type Track,
  type TrackStatus,
} from '@mixdesk/contract/media';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { createTrack, updateTrack } from '../../../lib/tracks-api';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input, Textarea } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { Switch } from '../../../ui/switch';
import { commentKeys } from '../comments/api';
import { mediaErrorMessage } from '../media/media-errors';
import { fieldErrorsOf } from '../project-errors';
import { useProjectOutlet } from '../project-layout';
import { KEY_OPTIONS, STATUS_OPTIONS } from './track-labels';

interface Values {
  title: string;
  status: TrackStatus;
  bpm: string;
  musicalKey: MusicalKey | '';
  isrc: string;
  notes: string;
  carryComments: boolean;
}

const EMPTY: Values = {
  title: '',
  status: 'idea',
  bpm: '',
  musicalKey: '',
  isrc: '',
  notes: '',
  carryComments: true,
};

const valuesOf = (t: Track): Values => ({
  title: t.title,
  status: t.status,
  bpm: t.bpm === null ? '' : String(t.bpm),
  musicalKey: t.musicalKey ?? '',
  isrc: t.isrc ?? '',
  notes: t.notes,
  carryComments: t.carryComments,
});

function toInput(v: Values) {
  return {
    title: v.title,
    status: v.status,
    bpm: v.bpm.trim() === '' ? null : Number(v.bpm),
    musicalKey: v.musicalKey || null,
    isrc: v.isrc.trim() || null,
    notes: v.notes,
  };
}

/** The contract's messages per field, or none. */
function validate(v: Values): Record<string, string> {
  const parsed = CreateTrackSchema.safeParse(toInput(v));
  if (parsed.success) {
    return v.bpm.trim() !== '' && Number.isNaN(Number(v.bpm)) ? { bpm: 'BPM must be a number' } : {};
  }
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

export function TrackFormDialog({
  projectId,
  track,
  open,
  onClose,
  onSaved,
}: {
  projectId: string;
  /** The track to edit; null adds a new one. */
  track: Track | null;
  open: boolean;
  onClose: () => void;
  onSaved: (track: Track) => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const client = useQueryClient();
  // Only the owner changes carrying (the server refuses anyone else), so only the owner's form sends it.
  const isOwner = useProjectOutlet()?.project.access === 'owner';
  const carryChanged = (v: Values) => isOwner && track !== null && v.carryComments !== track.carryComments;
  const mutation = useMutation({
    mutationFn: (v: Values) =>
      track
        ? updateTrack(projectId, track._id, {
            ...toInput(v),
            ...(carryChanged(v) && { carryComments: v.carryComments }),
          })
        : createTrack(projectId, toInput(v)),
    onSuccess: (saved, v) => {
      // What each version's list carries changed with it.
      if (carryChanged(v)) void client.invalidateQueries({ queryKey: commentKeys.all });
      onSaved(saved);
      onClose();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const { reset } = mutation;

  useEffect(() => {
    if (!open) return;
    setValues(track ? valuesOf(track) : EMPTY);
    setErrors({});
    reset();
  }, [open, track, reset]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(values);
  };

  const formId = track ? `track-form-${track._id}` : 'track-form-new';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !mutation.isPending && onClose()}
      title={track ? 'Edit track' : 'Add track'}
      className="max-w-lg"
      footer={
        <>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            loading={mutation.isPending}
            disabled={!values.title.trim()}
          >
            {track ? 'Save Track' : 'Add Track'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {mutation.isError && Object.keys(fieldErrorsOf(mutation.error)).length === 0 ? (
          <Alert type="error">{mediaErrorMessage(mutation.error, 'Failed to save the track')}</Alert>
        ) : null}
        <Field label="Title" error={errors.title}>
          {(control) => (
            <Input
              {...control}
              value={values.title}
              onChange={(e) => set('title', e.target.value)}
              autoComplete="off"
              autoFocus
            />
          )}
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Status" error={errors.status}>
            {(control) => (
              <Select
                {...control}
                value={values.status}
                onChange={(e) => set('status', e.target.value as TrackStatus)}
              >
                {STATUS_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="BPM" error={errors.bpm} hint="20 to 999">
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={values.bpm}
                onChange={(e) => set('bpm', e.target.value)}
                placeholder="e.g. 122"
              />
            )}
          </Field>
          <Field label="Key" error={errors.musicalKey}>
            {(control) => (
              <Select
                {...control}
                value={values.musicalKey}
                onChange={(e) => set('musicalKey', e.target.value as MusicalKey | '')}
              >
                <option value="">No key</option>
                {KEY_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="ISRC" error={errors.isrc} hint="CC-XXX-YY-NNNNN, dashes optional">
            {(control) => (
              <Input
                {...control}
                value={values.isrc}
                onChange={(e) => set('isrc', e.target.value)}
                placeholder="US-RC1-76-07839"
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase"
              />
            )}
          </Field>
        </div>
        <Field label="Notes" error={errors.notes} hint={`${values.notes.length} / ${TRACK_NOTES_MAX}`}>
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              value={values.notes}
              onChange={(e) => set('notes', e.target.value)}
            />
          )}
        </Field>
        {track && isOwner && (
          <Switch
            label="Carry unresolved notes to new versions"
            description="Open threads stay on the waveform of each new version, marked with the version they came from, until resolved."
            checked={values.carryComments}
            onCheckedChange={(checked) => set('carryComments', checked)}
          />
        )}
      </form>
    </Modal>
  );
}
