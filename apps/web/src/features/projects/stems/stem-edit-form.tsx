// Renaming a stem and giving it a role: one of the contract's roles, or any other (typed after "Type a role…").
import {
  STEM_NAME_MAX,
  STEM_ROLE_LABELS,
  STEM_ROLE_MAX,
  STEM_ROLES,
  type Stem,
  StemNameSchema,
  StemRoleSchema,
} from '@mixdesk/contract/stems';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { mediaErrorMessage } from '../media/media-errors';
import { roleChoice, type StemChange, stemChange, TYPED } from './stem-edit';

export function StemEditForm({
  stem,
  onSave,
  onDone,
}: {
  stem: Stem;
  onSave: (change: StemChange) => Promise<unknown>;
  onDone: () => void;
}) {
  const [name, setName] = useState(stem.name);
  const [choice, setChoice] = useState(() => roleChoice(stem.role).choice);
  const [typed, setTyped] = useState(() => roleChoice(stem.role).typed);
  const [errors, setErrors] = useState<{ name?: string; role?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const role = choice === TYPED ? typed : choice;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nameCheck = StemNameSchema.safeParse(name);
    const roleCheck = StemRoleSchema.safeParse(role);
    const found = {
      name: nameCheck.success ? undefined : nameCheck.error.issues[0]?.message,
      role:
        choice === TYPED && role.trim() === ''
          ? 'Type the role, or pick one'
          : roleCheck.success
            ? undefined
            : roleCheck.error.issues[0]?.message,
    };
    setErrors(found);
    if (found.name || found.role) return;
    const change = stemChange(stem, name, role);
    if (!change) return onDone();
    setSaving(true);
    try {
      await onSave(change);
      onDone();
    } catch (error) {
      setErrors({ form: mediaErrorMessage(error, 'Failed to save the stem') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      aria-label={`Edit ${stem.name}`}
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-md border border-border bg-surface-2 p-3"
    >
      {errors.form && <Alert type="error">{errors.form}</Alert>}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={STEM_NAME_MAX}
              autoComplete="off"
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Field label="Role" error={choice === TYPED ? undefined : errors.role}>
          {(control) => (
            <Select {...control} value={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
              <option value="">No role</option>
              {STEM_ROLES.map((r) => (
                <option key={r} value={r}>
                  {STEM_ROLE_LABELS[r]}
                </option>
              ))}
              <option value={TYPED}>Type a role…</option>
            </Select>
          )}
        </Field>
        {choice === TYPED && (
          <Field label="Role name" error={errors.role} className="sm:col-start-2">
            {(control) => (
              <Input
                {...control}
                value={typed}
                maxLength={STEM_ROLE_MAX}
                placeholder="e.g. Strings, Choir, Room mics"
                autoComplete="off"
                onChange={(e) => setTyped(e.target.value)}
              />
            )}
          </Field>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button size="sm" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button size="sm" type="submit" variant="primary" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
