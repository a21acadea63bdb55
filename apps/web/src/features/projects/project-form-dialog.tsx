// The Create/Edit Project modal (SPEC §2, §5): title, description, type and genre, with the SPEC's messages.

import type { Project } from '@mixdesk/contract/project-responses';
import {
  DEFAULT_PROJECT_GENRE,
  DEFAULT_PROJECT_TYPE,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_TITLE_MAX,
  type ProjectGenre,
  type ProjectType,
} from '@mixdesk/contract/projects';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { createProject, updateProject } from '../../lib/projects-api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { GENRE_OPTIONS, TYPE_OPTIONS } from '../../ui/project-labels';
import { Select } from '../../ui/select';
import { demoProject } from './demo-projects';
import { fieldErrorsOf, saveErrorMessage } from './project-errors';

interface Values {
  title: string;
  description: string;
  type: ProjectType;
  genre: ProjectGenre;
}
type Errors = Partial<Record<keyof Values, string>>;

export const TITLE_REQUIRED = 'Project title is required';
export const TITLE_TOO_LONG = `Title must be less than ${PROJECT_TITLE_MAX} characters`;
export const DESCRIPTION_TOO_LONG = `Description must be less than ${PROJECT_DESCRIPTION_MAX} characters`;

function initialValues(project?: Project): Values {
  return {
    title: project?.title ?? '',
    description: project?.description ?? '',
    type: project?.type ?? DEFAULT_PROJECT_TYPE,
    genre: project?.metadata.genre[0] ?? DEFAULT_PROJECT_GENRE,
  };
}

function validate(values: Values): Errors {
  const errors: Errors = {};
  const title = values.title.trim();
  if (!title) errors.title = TITLE_REQUIRED;
  else if (title.length > PROJECT_TITLE_MAX) errors.title = TITLE_TOO_LONG;
  if (values.description.trim().length > PROJECT_DESCRIPTION_MAX) errors.description = DESCRIPTION_TOO_LONG;
  return errors;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project to edit; absent for a new one. */
  project?: Project;
  /** Demo mode: the project is made or changed locally only. */
  demo: boolean;
  onSaved: (project: Project) => void;
}

export function ProjectFormDialog({ open, onOpenChange, project, demo, onSaved }: Props) {
  const [values, setValues] = useState(() => initialValues(project));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  // Every opening starts from the project (or a blank form).
  useEffect(() => {
    if (!open) return;
    setValues(initialValues(project));
    setErrors({});
    setFailure(null);
  }, [open, project]);

  const mutation = useMutation({
    mutationFn: async (v: Values): Promise<Project> => {
      const title = v.title.trim();
      const description = v.description.trim();
      if (demo) {
        const fields = { title, description, type: v.type, genre: [v.genre] };
        return project
          ? { ...project, ...fields, metadata: { ...project.metadata, genre: fields.genre } }
          : demoProject(fields);
      }
      const payload = {
        title,
        type: v.type,
        metadata: {
          genre: project ? [v.genre, ...project.metadata.genre.filter((g) => g !== v.genre)] : v.genre,
        },
        // A blank description is omitted; clearing an existing one sends the blank to clear it.
        ...(description || project?.description ? { description } : {}),
      };
      return project ? updateProject(project._id, payload) : createProject(payload);
    },
    onSuccess: (saved) => {
      onSaved(saved);
      onOpenChange(false);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors({
        title: fields.title,
        description: fields.description,
        type: fields.type,
        genre: fields['metadata.genre'],
      });
      setFailure(saveErrorMessage(error));
    },
  });

  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(values);
  };

  const editing = Boolean(project);
  const formId = editing ? 'edit-project-form' : 'new-project-form';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}
      title={editing ? 'Edit Project' : 'New Project'}
      description={
        editing
          ? 'Change the title, description, type or genre.'
          : 'Start a project for a record, an EP or a single.'
      }
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            loading={mutation.isPending}
            disabled={!values.title.trim() || mutation.isPending}
          >
            {editing ? 'Save Changes' : 'Create Project'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Title" error={errors.title}>
          {(control) => (
            <Input
              {...control}
              autoFocus
              required
              value={values.title}
              onChange={change('title')}
              onBlur={() => !values.title.trim() && setErrors((e) => ({ ...e, title: TITLE_REQUIRED }))}
              placeholder="e.g. Midnight Frequencies"
            />
          )}
        </Field>
        <Field
          label="Description"
          error={errors.description}
          hint={`Up to ${PROJECT_DESCRIPTION_MAX} characters.`}
        >
          {(control) => (
            <Textarea {...control} rows={3} value={values.description} onChange={change('description')} />
          )}
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Type" error={errors.type}>
            {(control) => (
              <Select {...control} value={values.type} onChange={change('type')}>
                {TYPE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Genre" error={errors.genre}>
            {(control) => (
              <Select {...control} value={values.genre} onChange={change('genre')}>
                {GENRE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        {failure && <Alert type="error">{failure}</Alert>}
      </form>
    </Modal>
  );
}
