// A split sheet's details: the song, then its writers and its publishers, each with name, email, role, PRO,
// IPI and share. Each table shows its running total and whether it is exactly 100%, as the server requires.
import { PARTY_NAME_MAX, SHORT_TEXT_MAX, SPLIT_PEOPLE_MAX } from '@mixdesk/contract/documents';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../../ui/cn';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { formatPercent } from '../document-labels';
import { shareTotal } from './form-model';
import { type FormErrors, type FormValues, type PersonRow, personRow } from './form-values';
import { AddRowButton, type PartProps, RemoveRowButton, RowLabel, Section } from './section';

type Values = FormValues['splitSheetDetails'];
type Table = 'writers' | 'publishers';

const NOUN: Record<Table, string> = { writers: 'Writer', publishers: 'Publisher' };

export function SplitSheetFields({ values, errors, onChange }: PartProps<Values>) {
  return (
    <>
      <Section title="Song" columns={1}>
        <Field label="Song title" error={errors['splitSheetDetails.songTitle']}>
          {(c) => (
            <Input
              {...c}
              value={values.songTitle}
              maxLength={SHORT_TEXT_MAX}
              onChange={(e) => onChange({ songTitle: e.target.value }, ['splitSheetDetails.songTitle'])}
            />
          )}
        </Field>
      </Section>
      {(['writers', 'publishers'] as const).map((table) => (
        <PeopleTable
          key={table}
          table={table}
          people={values[table]}
          errors={errors}
          onChange={(people, clear) => onChange({ [table]: people }, clear)}
        />
      ))}
    </>
  );
}

interface TableProps {
  table: Table;
  people: PersonRow[];
  errors: FormErrors;
  onChange: (people: PersonRow[], clear: string[]) => void;
}

function PeopleTable({ table, people, errors, onChange }: TableProps) {
  const noun = NOUN[table];
  const path = `splitSheetDetails.${table}`;
  const total = shareTotal(people);
  const exact = Math.round(total * 100) === 10_000;
  const minimum = table === 'writers' ? 1 : 0;
  const set = (n: number, key: keyof Omit<PersonRow, 'key'>, value: string) =>
    onChange(
      people.map((p, i) => (i === n ? { ...p, [key]: value } : p)),
      [`${path}.${n}.${key}`, ...(key === 'share' || key === 'email' ? [path] : [])],
    );
  const fields: { key: keyof Omit<PersonRow, 'key'>; label: string; className?: string }[] = [
    { key: 'name', label: 'Name', className: 'sm:col-span-2' },
    { key: 'email', label: 'Email', className: 'sm:col-span-2' },
    { key: 'share', label: 'Share (%)' },
    { key: 'role', label: 'Role' },
    { key: 'pro', label: 'PRO' },
    { key: 'ipi', label: 'IPI' },
  ];
  return (
    <Section
      title={table === 'writers' ? 'Writers' : 'Publishers'}
      columns={1}
      aside={
        people.length > 0 && (
          <span
            className={cn(
              'flex items-center gap-1 font-mono text-xs normal-case tabular-nums',
              exact ? 'text-success' : 'text-warning',
            )}
          >
            {exact ? (
              <CircleCheck aria-hidden="true" className="size-3.5" />
            ) : (
              <CircleAlert aria-hidden="true" className="size-3.5" />
            )}
            {`${noun} total ${formatPercent(total)}${exact ? '' : ' (must be 100%)'}`}
          </span>
        )
      }
    >
      {errors[path] && <p className="text-xs text-danger">{errors[path]}</p>}
      {people.length === 0 && (
        <p className="text-sm text-muted">No publishers yet. Add one if the song is published.</p>
      )}
      {people.map((person, n) => (
        <div
          key={person.key}
          className="flex flex-col gap-2 rounded-md border border-border bg-surface-2/40 p-3"
        >
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-medium">{`${noun} ${n + 1}`}</h3>
            {people.length > minimum && (
              <RemoveRowButton
                label={`Remove ${noun.toLowerCase()} ${n + 1}`}
                onClick={() =>
                  onChange(
                    people.filter((p) => p.key !== person.key),
                    [`${path}.*`],
                  )
                }
              />
            )}
          </div>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {fields.map((f) => (
              <Field
                key={f.key}
                label={
                  <RowLabel
                    name={`${noun} ${n + 1} ${f.label.replace(' (%)', '').toLowerCase()}`}
                    text={f.label}
                    first
                  />
                }
                error={errors[`${path}.${n}.${f.key}`]}
                className={cn(f.key === 'name' || f.key === 'email' ? 'col-span-2' : undefined, f.className)}
              >
                {(c) => (
                  <Input
                    {...c}
                    value={person[f.key]}
                    onChange={(e) => set(n, f.key, e.target.value)}
                    {...(f.key === 'share'
                      ? { type: 'number', inputMode: 'decimal' as const, min: 0, max: 100, step: 'any' }
                      : f.key === 'email'
                        ? { type: 'email', maxLength: 254 }
                        : { maxLength: f.key === 'name' ? PARTY_NAME_MAX : 60 })}
                  />
                )}
              </Field>
            ))}
          </div>
        </div>
      ))}
      {people.length < SPLIT_PEOPLE_MAX && (
        <AddRowButton onClick={() => onChange([...people, personRow()], [path])}>
          {`Add ${noun.toLowerCase()}`}
        </AddRowButton>
      )}
    </Section>
  );
}
