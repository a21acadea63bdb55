// The top of the form: the template (with its description from the templates call), an optional title,
// Auto-Populate, and the project the document belongs to.
import {
  DOCUMENT_TITLE_MAX,
  TEMPLATE_LABELS,
  TEMPLATE_NAMES,
  type TemplateName,
} from '@mixdesk/contract/documents';
import { FolderOpen, Wand2, X } from 'lucide-react';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import type { FormErrors, FormValues } from './form-values';
import { useTemplates } from './use-templates';

type General = Pick<FormValues, 'templateName' | 'title' | 'project'>;

interface Props {
  values: FormValues;
  errors: FormErrors;
  /** The form is open: the templates load. */
  open: boolean;
  /** Editing: a document keeps its type, so its template cannot change. */
  templateLocked: boolean;
  onChange: (patch: Partial<General>, clear: string[]) => void;
  onAutoPopulate: () => void;
}

export function GeneralFields({ values, errors, open, templateLocked, onChange, onAutoPopulate }: Props) {
  const templates = useTemplates(open);
  const chosen = values.templateName ? templates.byName.get(values.templateName) : undefined;
  const hint =
    chosen?.description ??
    (values.templateName === '' ? 'Decides the kind of document and its details.' : undefined);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
        <Field label="Template" error={errors.templateName} hint={hint}>
          {(c) => (
            <Select
              {...c}
              value={values.templateName}
              disabled={templateLocked}
              onChange={(e) =>
                onChange({ templateName: e.target.value as TemplateName | '' }, ['templateName'])
              }
            >
              <option value="">Choose a template</option>
              {TEMPLATE_NAMES.map((name) => (
                <option key={name} value={name}>
                  {TEMPLATE_LABELS[name]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Title" error={errors.title} hint="Optional: named from its details when left blank.">
          {(c) => (
            <Input
              {...c}
              value={values.title}
              maxLength={DOCUMENT_TITLE_MAX}
              onChange={(e) => onChange({ title: e.target.value }, ['title'])}
            />
          )}
        </Field>
        <Button onClick={onAutoPopulate} className="sm:mt-6.5">
          <Wand2 aria-hidden="true" />
          Auto-Populate
        </Button>
      </div>
      {values.project && (
        <p className="flex items-center gap-2 self-start rounded-md border border-border bg-surface-2 py-0.5 pr-1 pl-2 text-sm">
          <FolderOpen aria-hidden="true" className="size-3.5 shrink-0 text-accent" />
          <span className="text-muted">Project:</span>
          <span className="font-medium">{values.project.name}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-6"
            aria-label="Unlink the project"
            title="Unlink the project"
            onClick={() => onChange({ project: null }, ['projectId'])}
          >
            <X aria-hidden="true" />
          </Button>
        </p>
      )}
      {templates.failed && !chosen && values.templateName && (
        <p className="text-xs text-warning">
          The template's description could not be loaded; you can still fill it in.
        </p>
      )}
    </div>
  );
}
