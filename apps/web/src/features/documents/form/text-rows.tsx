// A list of one-line entries (deliverables, responsibilities) with Add and Remove. At least one row always
// stays: Remove is offered only when there is more than one (SPEC §5).
import { LIST_ROWS_MAX, SHORT_TEXT_MAX } from '@mixdesk/contract/documents';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { type FormErrors, type TextRow, textRow } from './form-values';
import { AddRowButton, RemoveRowButton, RowLabel } from './section';

interface Props {
  /** The row's noun: 'Deliverable', 'Primary responsibility'. */
  noun: string;
  label: string;
  addLabel: string;
  rows: TextRow[];
  /** The API path of the list ('contractDetails.deliverables'); a row's is `${path}.${index}`. */
  path: string;
  errors: FormErrors;
  onChange: (rows: TextRow[], clear: string[]) => void;
  placeholder?: string;
}

export function TextRows({ noun, label, addLabel, rows, path, errors, onChange, placeholder }: Props) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {errors[path] && <p className="text-xs text-danger">{errors[path]}</p>}
      {rows.map((row, n) => (
        <div key={row.key} className="flex items-end gap-1">
          <Field
            label={<RowLabel name={`${noun} ${n + 1}`} text={label} first={n === 0} />}
            error={errors[`${path}.${n}`]}
            className="flex-1"
          >
            {(c) => (
              <Input
                {...c}
                value={row.text}
                maxLength={SHORT_TEXT_MAX}
                placeholder={placeholder}
                onChange={(e) =>
                  onChange(
                    rows.map((r) => (r.key === row.key ? { ...r, text: e.target.value } : r)),
                    [`${path}.${n}`, path],
                  )
                }
              />
            )}
          </Field>
          {rows.length > 1 && (
            <RemoveRowButton
              label={`Remove ${noun.toLowerCase()} ${n + 1}`}
              onClick={() =>
                onChange(
                  rows.filter((r) => r.key !== row.key),
                  [`${path}.*`],
                )
              }
            />
          )}
        </div>
      ))}
      {rows.length < LIST_ROWS_MAX && (
        <AddRowButton onClick={() => onChange([...rows, textRow()], [path])}>{addLabel}</AddRowButton>
      )}
    </div>
  );
}
