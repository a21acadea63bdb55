// Editing all of a project's details on the Overview (editors only): title, description, type, status, genres
// and the release metadata.

import type { Project } from '@mixdesk/contract/project-responses';
import {
  METADATA_TEXT_MAX,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_GENRES_MAX,
  PROJECT_TITLE_MAX,
  type ProjectGenre,
  type ProjectStatus,
  type ProjectType,
} from '@mixdesk/contract/projects';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { updateProject } from '../../../lib/projects-api';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Field } from '../../../ui/field';
import { Input, Textarea } from '../../../ui/input';
import { GENRE_OPTIONS, STATUS_OPTIONS, TYPE_OPTIONS } from '../../../ui/project-labels';
import { Select } from '../../../ui/select';
import { fieldErrorsOf, saveErrorMessage } from '../project-errors';

const TEXT_FIELDS = [
  ['recordLabel', 'Record label'],
  ['producer', 'Producer'],
  ['engineer', 'Engineer'],
  ['studio', 'Studio'],
] as const;
type TextField = (typeof TEXT_FIELDS)[number][0];

interface Values extends Record<TextField, string> {
  title: string;
  description: string;
  type: ProjectType;
  status: ProjectStatus;
  genre: ProjectGenre[];
  targetReleaseDate: string;
}

const valuesOf = (p: Project): Values => ({
  title: p.title,
  description: p.description,
  type: p.type,
  status: p.status,
  genre: p.metadata.genre,
  targetReleaseDate: p.metadata.targetReleaseDate ?? '',
  recordLabel: p.metadata.recordLabel ?? '',
  producer: p.metadata.producer ?? '',
  engineer: p.metadata.engineer ?? '',
  studio: p.metadata.studio ?? '',
});

function validate(v: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.title.trim()) errors.title = 'Project title is required';
  else if (v.title.trim().length > PROJECT_TITLE_MAX)
    errors.title = `Title must be less than ${PROJECT_TITLE_MAX} characters`;
  if (v.description.trim().length > PROJECT_DESCRIPTION_MAX)
    errors.description = `Description must be less than ${PROJECT_DESCRIPTION_MAX} characters`;
  if (v.genre.length === 0) errors.genre = 'Choose at least one genre';
  for (const [key, label] of TEXT_FIELDS)
    if (v[key].trim().length > METADATA_TEXT_MAX)
      errors[key] = `${label} must be at most ${METADATA_TEXT_MAX} characters`;
  return errors;
}

interface Props {
  project: Project;
  onSaved: (project: Project) => void;
  onCancel: () => void;
}

export function DetailsForm({ project, onSaved, onCancel }: Props) {
  const [values, setValues] = useState(() => valuesOf(project));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (v: Values) =>
      updateProject(project._id, {
        title: v.title.trim(),
        description: v.description.trim(),
        type: v.type,
        status: v.status,
        metadata: {
          genre: v.genre,
          targetReleaseDate: v.targetReleaseDate || null,
          recordLabel: v.recordLabel,
          producer: v.producer,
          engineer: v.engineer,
          studio: v.studio,
        },
      }),
    onSuccess: onSaved,
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors(
        Object.fromEntries(Object.entries(fields).map(([k, m]) => [k.replace(/^metadata\./, ''), m])),
      );
      setFailure(saveErrorMessage(error));
    },
  });

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
    setFailure(null);
  };
  const toggleGenre = (genre: ProjectGenre, on: boolean) =>
    set('genre', on ? [...values.genre, genre] : values.genre.filter((g) => g !== genre));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(values);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Project details">
      <Field label="Title" error={errors.title}>
        {(c) => <Input {...c} value={values.title} onChange={(e) => set('title', e.target.value)} />}
      </Field>
      <Field label="Description" error={errors.description}>
        {(c) => (
          <Textarea
            {...c}
            rows={4}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Type" error={errors.type}>
          {(c) => (
            <Select {...c} value={values.type} onChange={(e) => set('type', e.target.value as ProjectType)}>
              {TYPE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Status" error={errors.status}>
          {(c) => (
            <Select
              {...c}
              value={values.status}
              onChange={(e) => set('status', e.target.value as ProjectStatus)}
            >
              {STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">
          Genres{' '}
          <span className="font-normal text-muted">
            (up to {PROJECT_GENRES_MAX}; the first one chosen shows on cards)
          </span>
        </legend>
        <div className="grid grid-cols-2 gap-x-3 gap-y-1.5 sm:grid-cols-3 lg:grid-cols-4">
          {GENRE_OPTIONS.map((o) => {
            const checked = values.genre.includes(o.value);
            return (
              <Checkbox
                key={o.value}
                label={o.label}
                checked={checked}
                disabled={!checked && values.genre.length >= PROJECT_GENRES_MAX}
                onCheckedChange={(on) => toggleGenre(o.value, on === true)}
              />
            );
          })}
        </div>
        {errors.genre && <p className="text-xs text-danger">{errors.genre}</p>}
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Target release date" error={errors.targetReleaseDate}>
          {(c) => (
            <Input
              {...c}
              type="date"
              value={values.targetReleaseDate}
              onChange={(e) => set('targetReleaseDate', e.target.value)}
            />
          )}
        </Field>
        {TEXT_FIELDS.map(([key, label]) => (
          <Field key={key} label={label} error={errors[key]}>
            {(c) => <Input {...c} value={values[key]} onChange={(e) => set(key, e.target.value)} />}
          </Field>
        ))}
      </div>
      {failure && <Alert type="error">{failure}</Alert>}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={mutation.isPending} disabled={!values.title.trim()}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
