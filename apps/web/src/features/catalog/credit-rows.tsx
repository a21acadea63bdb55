// A recording's artists (main or featured) and credits (a role from the fixed list; a musician's instrument,
// an "other" role written out; one of my clients, client-picker.tsx) as editable rows.
import { CREDIT_ROLE_LABELS, CREDIT_ROLES, type CreditRole } from '@mixdesk/contract/catalog';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { useMyClients } from './client-picker';
import { type ArtistRow, type CreditRow, emptyCredit, rowKey } from './credits-model';
import { NameWithClient } from './name-with-client';

interface RowsProps<T> {
  rows: T[];
  onChange: (rows: T[]) => void;
  errors: Record<string, string>;
  disabled: boolean;
}

/** One row's frame: its name for assistive tech, the fields, and Remove. */
function Row({
  name,
  onRemove,
  disabled,
  children,
}: {
  name: string;
  onRemove: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-wrap items-start gap-2 rounded-md border border-border p-2 sm:flex-nowrap">
      <legend className="sr-only">{name}</legend>
      <div className="grid min-w-0 flex-1 grid-cols-2 gap-2 sm:grid-cols-3">{children}</div>
      {!disabled && (
        <Button
          size="icon"
          variant="ghost"
          className="sm:mt-6"
          onClick={onRemove}
          aria-label={`Remove ${name.toLowerCase()}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </fieldset>
  );
}

export function ArtistRows({ rows, onChange, errors, disabled }: RowsProps<ArtistRow>) {
  const set = (index: number, patch: Partial<ArtistRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="flex flex-col gap-2">
      {rows.map((row, i) => (
        <Row
          key={row.key}
          name={`Artist ${i + 1}`}
          disabled={disabled}
          onRemove={() => onChange(rows.filter((_, j) => j !== i))}
        >
          <Field label="Artist name" required error={errors[`artists.${i}.name`]} className="col-span-2">
            {(control) => (
              <Input {...control} value={row.name} onChange={(e) => set(i, { name: e.target.value })} />
            )}
          </Field>
          <Field label="Billing" error={errors[`artists.${i}.role`]} className="col-span-2 sm:col-span-1">
            {(control) => (
              <Select
                {...control}
                value={row.role}
                onChange={(e) => set(i, { role: e.target.value === 'featured' ? 'featured' : 'main' })}
              >
                <option value="main">Main artist</option>
                <option value="featured">Featured</option>
              </Select>
            )}
          </Field>
        </Row>
      ))}
      {!disabled && (
        <Button
          size="sm"
          className="self-start"
          onClick={() =>
            onChange([...rows, { key: rowKey(), name: '', role: rows.length === 0 ? 'main' : 'featured' }])
          }
        >
          <Plus aria-hidden="true" />
          Add artist
        </Button>
      )}
    </div>
  );
}

export function CreditRows({ rows, onChange, errors, disabled }: RowsProps<CreditRow>) {
  const set = (index: number, patch: Partial<CreditRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const error = (i: number, field: string) => errors[`credits.${i}.${field}`];
  const clients = useMyClients(!disabled);
  return (
    <div className="flex flex-col gap-2">
      {rows.map((row, i) => (
        <Row
          key={row.key}
          name={`Credit ${i + 1}`}
          disabled={disabled}
          onRemove={() => onChange(rows.filter((_, j) => j !== i))}
        >
          <div className="flex min-w-0 flex-col gap-1.5">
            <NameWithClient
              row={row}
              clients={clients}
              disabled={disabled}
              nameError={error(i, 'name')}
              clientError={error(i, 'clientId')}
              onChange={(patch) => set(i, patch)}
            />
          </div>
          <Field label="Role" error={error(i, 'role')}>
            {(control) => (
              <Select
                {...control}
                value={row.role}
                onChange={(e) => set(i, { role: e.target.value as CreditRole })}
              >
                {CREDIT_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {CREDIT_ROLE_LABELS[role]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {row.role === 'musician' && (
            <Field
              label="Instrument"
              required
              error={error(i, 'instrument')}
              className="col-span-2 sm:col-span-1"
            >
              {(control) => (
                <Input
                  {...control}
                  value={row.instrument}
                  onChange={(e) => set(i, { instrument: e.target.value })}
                />
              )}
            </Field>
          )}
          {row.role === 'other' && (
            <Field
              label="Role, in words"
              required
              error={error(i, 'roleText')}
              className="col-span-2 sm:col-span-1"
            >
              {(control) => (
                <Input
                  {...control}
                  value={row.roleText}
                  onChange={(e) => set(i, { roleText: e.target.value })}
                />
              )}
            </Field>
          )}
        </Row>
      ))}
      {!disabled && (
        <Button size="sm" className="self-start" onClick={() => onChange([...rows, emptyCredit()])}>
          <Plus aria-hidden="true" />
          Add credit
        </Button>
      )}
    </div>
  );
}
