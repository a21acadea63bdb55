// Writers, publishers or master owners as editable rows: a name, an email for the agreement round, what the kind
// has of role, PRO and IPI, and the share as a percentage; each may be one of my clients (client-picker.tsx).
// The running total is the caller's (a work's writers
// and publishers total together).
import { WRITER_ROLE_LABELS, WRITER_ROLES, type WriterRole } from '@mixdesk/contract/catalog';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { useMyClients } from './client-picker';
import { emptyParty, type PartyRow } from './credits-model';
import { NameWithClient } from './name-with-client';
import { percentText, type SharesTotal } from './shares';

export type PartyKind = 'writer' | 'publisher' | 'owner';

const NOUN: Record<PartyKind, string> = { writer: 'Writer', publisher: 'Publisher', owner: 'Master owner' };

interface Props {
  kind: PartyKind;
  rows: PartyRow[];
  onChange: (rows: PartyRow[]) => void;
  /** The server's per-field messages, keyed by path; `path` is this list's ('writers', 'masterOwners'). */
  errors: Record<string, string>;
  path: string;
  disabled: boolean;
}

export function PartyRows({ kind, rows, onChange, errors, path, disabled }: Props) {
  const noun = NOUN[kind];
  const set = (index: number, patch: Partial<PartyRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const error = (index: number, field: string) => errors[`${path}.${index}.${field}`];
  const clients = useMyClients(!disabled);
  return (
    <div className="flex flex-col gap-2">
      {rows.map((row, i) => (
        <fieldset
          key={row.key}
          className="relative flex flex-col gap-2 rounded-md border border-border p-3 pt-2"
          disabled={disabled}
        >
          <legend className="float-left h-7 text-sm leading-7 font-semibold">{`${noun} ${i + 1}`}</legend>
          <Button
            size="sm"
            variant="ghost"
            className="absolute top-2 right-2"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
            aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`}
          >
            <Trash2 aria-hidden="true" />
            <span className="max-sm:sr-only">Remove</span>
          </Button>
          <div className="clear-both grid grid-cols-2 gap-2 sm:grid-cols-3">
            <div className="col-span-2 flex min-w-0 flex-col gap-1.5 sm:col-span-1">
              <NameWithClient
                row={row}
                clients={clients}
                disabled={disabled}
                nameError={error(i, 'name')}
                clientError={error(i, 'clientId')}
                onChange={(patch) => set(i, patch)}
              />
            </div>
            {kind === 'writer' && (
              <Field label="Role" error={error(i, 'role')} className="col-span-2 sm:col-span-1">
                {(control) => (
                  <Select
                    {...control}
                    value={row.role}
                    onChange={(e) => set(i, { role: e.target.value as WriterRole })}
                  >
                    {WRITER_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {WRITER_ROLE_LABELS[role]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
            <ShareField
              value={row.share}
              error={error(i, 'shareBasisPoints')}
              onChange={(share) => set(i, { share })}
            />
            {kind !== 'owner' && (
              <>
                <Field label="PRO" error={error(i, 'pro')}>
                  {(control) => (
                    <Input
                      {...control}
                      value={row.pro}
                      placeholder="ASCAP, PRS…"
                      onChange={(e) => set(i, { pro: e.target.value })}
                    />
                  )}
                </Field>
                <Field label="IPI" error={error(i, 'ipi')} className="col-span-2 sm:col-span-1">
                  {(control) => (
                    <Input
                      {...control}
                      value={row.ipi}
                      inputMode="numeric"
                      className="font-mono"
                      onChange={(e) => set(i, { ipi: e.target.value })}
                    />
                  )}
                </Field>
              </>
            )}
            <Field
              label="Email"
              error={error(i, 'email')}
              className={kind === 'writer' ? 'col-span-2 sm:col-span-1' : 'col-span-2'}
            >
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  value={row.email}
                  placeholder="For the agreement link"
                  onChange={(e) => set(i, { email: e.target.value })}
                />
              )}
            </Field>
          </div>
        </fieldset>
      ))}
      {!disabled && (
        <Button size="sm" className="self-start" onClick={() => onChange([...rows, emptyParty()])}>
          <Plus aria-hidden="true" />
          {`Add ${noun.toLowerCase()}`}
        </Button>
      )}
    </div>
  );
}

/** A share typed as a percentage with up to two decimals. */
function ShareField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field label="Share %" required error={error}>
      {(control) => (
        <Input
          {...control}
          value={value}
          inputMode="decimal"
          placeholder="50.00"
          className="font-mono tabular-nums"
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** The running total of the shares, and why Save waits when it is not exactly 100 %. */
export function SharesTotalLine({
  total,
  serverError,
  noteId,
}: {
  total: SharesTotal;
  serverError?: string;
  /** The note's id, which the held-back Save button points to. */
  noteId: string;
}) {
  const note = total.note ?? serverError;
  return (
    <div className="flex flex-col gap-0.5" aria-live="polite">
      <p className="text-sm">
        Total{' '}
        <strong className={`font-mono tabular-nums ${total.ok ? 'text-success' : 'text-danger'}`}>
          {percentText(total.basisPoints)} %
        </strong>{' '}
        <span className="text-muted">of 100 %</span>
      </p>
      {note && (
        <p id={noteId} className="text-xs text-danger">
          {note}
        </p>
      )}
    </div>
  );
}
