// A release's own fields: title, type, UPC/EAN, label, catalogue number, release date and C-line.
import { RELEASE_TYPE_LABELS, RELEASE_TYPES, type ReleaseType } from '@mixdesk/contract/catalog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import type { ReleaseValues } from './release-model';

type TextKey = 'title' | 'upc' | 'label' | 'catalogueNumber' | 'releaseDate' | 'cLine';

interface Props {
  values: ReleaseValues;
  onChange: (patch: Partial<ReleaseValues>) => void;
  errors: Record<string, string>;
}

export function ReleaseFields({ values, onChange, errors }: Props) {
  const text = (key: TextKey) => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ [key]: e.target.value }),
  });
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <legend className="sr-only">Release details</legend>
      <Field label="Title" required error={errors.title} className="col-span-2 sm:col-span-3">
        {(control) => <Input {...control} {...text('title')} />}
      </Field>
      <Field label="Type" error={errors.type} className="col-span-2 sm:col-span-1">
        {(control) => (
          <Select
            {...control}
            value={values.type}
            onChange={(e) => onChange({ type: e.target.value as ReleaseType })}
          >
            {RELEASE_TYPES.map((type) => (
              <option key={type} value={type}>
                {RELEASE_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="UPC/EAN" hint="12 or 13 digits" error={errors.upc} className="col-span-2">
        {(control) => <Input {...control} {...text('upc')} inputMode="numeric" className="font-mono" />}
      </Field>
      <Field label="Release date" error={errors.releaseDate} className="col-span-2">
        {(control) => <Input {...control} {...text('releaseDate')} type="date" />}
      </Field>
      <Field label="Label" error={errors.label} className="col-span-2">
        {(control) => <Input {...control} {...text('label')} />}
      </Field>
      <Field label="Catalogue number" error={errors.catalogueNumber} className="col-span-2">
        {(control) => <Input {...control} {...text('catalogueNumber')} className="font-mono" />}
      </Field>
      <Field
        label="C-line"
        hint="Who owns the artwork and packaging, e.g. 2026 Night Owl Records"
        error={errors.cLine}
        className="col-span-2 sm:col-span-4"
      >
        {(control) => <Input {...control} {...text('cLine')} />}
      </Field>
    </fieldset>
  );
}
