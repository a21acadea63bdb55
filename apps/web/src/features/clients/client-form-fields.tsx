// The inputs of the client form, grouped as a producer thinks of a client: who, how to reach them, what they make,
// what they spend, and the history of work together.
import {
  CLIENT_ROLE_LABELS,
  CLIENT_STATUS_LABELS,
  CLIENT_TYPE_LABELS,
} from '@mixdesk/contract/client-labels';
import {
  CLIENT_NAME_MAX,
  CLIENT_NOTES_MAX,
  CLIENT_PHONE_MAX,
  CLIENT_ROLES,
  CLIENT_STATUSES,
  CLIENT_TEXT_MAX,
  CLIENT_TYPES,
} from '@mixdesk/contract/clients';
import type { ReactNode } from 'react';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { Select } from '../../ui/select';
import type { ClientFormValues, FieldErrors } from './client-form-model';

const timeZones = (() => {
  try {
    return ['UTC', ...Intl.supportedValuesOf('timeZone')];
  } catch {
    return ['UTC'];
  }
})();
const currencies = (() => {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return ['USD', 'EUR', 'GBP'];
  }
})();

interface Props {
  values: ClientFormValues;
  errors: FieldErrors;
  set: (patch: Partial<ClientFormValues>) => void;
  /** How many linked projects each count already includes (edit only). */
  linked?: { total: number; active: number; completed: number };
}

export function ClientFormFields({ values: v, errors, set, linked }: Props) {
  const text = (key: keyof ClientFormValues) => ({
    value: v[key],
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });
  const linkedHint = (n: number | undefined) =>
    n ? `Includes ${n} linked project${n === 1 ? '' : 's'}` : undefined;
  return (
    <div className="flex flex-col gap-6">
      <Group title="Contact">
        <Field label="Name" error={errors.name} className="sm:col-span-2">
          {(c) => <Input {...c} {...text('name')} required maxLength={CLIENT_NAME_MAX} autoComplete="off" />}
        </Field>
        <Field label="Email" error={errors.email}>
          {(c) => (
            <Input {...c} {...text('email')} type="email" required maxLength={254} autoComplete="off" />
          )}
        </Field>
        <Field label="Phone" error={errors.phone} hint="Digits, spaces, + ( ) . - and an extension">
          {(c) => (
            <Input {...c} {...text('phone')} type="tel" maxLength={CLIENT_PHONE_MAX} autoComplete="off" />
          )}
        </Field>
        <Field label="Company" error={errors.company}>
          {(c) => <Input {...c} {...text('company')} maxLength={CLIENT_TEXT_MAX} />}
        </Field>
        <Field label="Location" error={errors.location} hint="City, State, Country">
          {(c) => <Input {...c} {...text('location')} maxLength={CLIENT_TEXT_MAX} />}
        </Field>
        <Field label="Preferred contact method" error={errors.preferredContactMethod}>
          {(c) => (
            <Select {...c} {...text('preferredContactMethod')}>
              <option value="">Not set</option>
              <option value="email">Email</option>
              <option value="phone">Phone</option>
            </Select>
          )}
        </Field>
        <Field label="Time zone" error={errors.timezone}>
          {(c) => (
            <Select {...c} {...text('timezone')}>
              <option value="">Not set</option>
              {(v.timezone && !timeZones.includes(v.timezone) ? [v.timezone, ...timeZones] : timeZones).map(
                (z) => (
                  <option key={z} value={z}>
                    {z.replaceAll('_', ' ')}
                  </option>
                ),
              )}
            </Select>
          )}
        </Field>
      </Group>

      <Group title="Relationship">
        {(
          [
            ['role', 'Role', CLIENT_ROLES, CLIENT_ROLE_LABELS],
            ['type', 'Type', CLIENT_TYPES, CLIENT_TYPE_LABELS],
            ['status', 'Status', CLIENT_STATUSES, CLIENT_STATUS_LABELS],
          ] as const
        ).map(([key, label, options, labels]) => (
          <Field key={key} label={label} error={errors[key]}>
            {(c) => (
              <Select {...c} {...text(key)}>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {(labels as Record<string, string>)[o]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ))}
        <Field label="Last project date" error={errors.lastProjectDate}>
          {(c) => <Input {...c} {...text('lastProjectDate')} type="date" min="1900-01-01" max="2100-12-31" />}
        </Field>
      </Group>

      <Group title="Music">
        <Field label="Genres" error={errors.genres} hint="Separated by commas" className="sm:col-span-2">
          {(c) => <Input {...c} {...text('genres')} placeholder="Indie Pop, R&B" />}
        </Field>
        <Field
          label="Preferred studios"
          error={errors.preferredStudios}
          hint="Separated by commas"
          className="sm:col-span-2"
        >
          {(c) => <Input {...c} {...text('preferredStudios')} />}
        </Field>
        <Field label="Equipment" error={errors.equipment} hint="One per line">
          {(c) => <Textarea {...c} {...text('equipment')} rows={3} />}
        </Field>
        <Field label="Previous work" error={errors.previousWork} hint="One per line">
          {(c) => <Textarea {...c} {...text('previousWork')} rows={3} />}
        </Field>
      </Group>

      <Group title="Budget and business">
        <Field label="Budget minimum" error={errors.budget}>
          {(c) => (
            <Input {...c} {...text('budgetMin')} type="number" min={0} step="0.01" inputMode="decimal" />
          )}
        </Field>
        <Field label="Budget maximum">
          {(c) => (
            <Input {...c} {...text('budgetMax')} type="number" min={0} step="0.01" inputMode="decimal" />
          )}
        </Field>
        <Field label="Budget currency" error={errors.currency}>
          {(c) => (
            <Select {...c} {...text('currency')}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Total revenue (USD)" error={errors.totalRevenue}>
          {(c) => (
            <Input {...c} {...text('totalRevenue')} type="number" min={0} step="0.01" inputMode="decimal" />
          )}
        </Field>
        <Field label="Total projects" error={errors.totalProjects} hint={linkedHint(linked?.total)}>
          {(c) => (
            <Input {...c} {...text('totalProjects')} type="number" min={0} step={1} inputMode="numeric" />
          )}
        </Field>
        <Field label="Active projects" error={errors.activeProjects} hint={linkedHint(linked?.active)}>
          {(c) => (
            <Input {...c} {...text('activeProjects')} type="number" min={0} step={1} inputMode="numeric" />
          )}
        </Field>
        <Field
          label="Completed projects"
          error={errors.completedProjects}
          hint={linkedHint(linked?.completed)}
        >
          {(c) => (
            <Input {...c} {...text('completedProjects')} type="number" min={0} step={1} inputMode="numeric" />
          )}
        </Field>
      </Group>

      <Field label="Notes" error={errors.notes}>
        {(c) => <Textarea {...c} {...text('notes')} rows={4} maxLength={CLIENT_NOTES_MAX} />}
      </Field>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">{title}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
