// A producer contract's details (SPEC §3 contractDetails): project title, deliverables, timeline, budget,
// payment terms, revisions (default 3), rights and cancellation terms.
import { CLAUSE_MAX, DOCUMENT_MONEY_MAX, NOTES_MAX, SHORT_TEXT_MAX } from '@mixdesk/contract/documents';
import { Field } from '../../../ui/field';
import { Input, Textarea } from '../../../ui/input';
import type { FormValues } from './form-values';
import { type PartProps, Section } from './section';
import { TextRows } from './text-rows';

type Values = FormValues['contractDetails'];

export function ContractFields({ values, errors, onChange }: PartProps<Values>) {
  const path = (key: keyof Values) => `contractDetails.${key}`;
  const bind = (key: Exclude<keyof Values, 'deliverables'>) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => onChange({ [key]: e.target.value }, [path(key)]),
  });
  return (
    <>
      <Section title="Project">
        <Field label="Project title" error={errors[path('projectTitle')]} className="sm:col-span-2">
          {(c) => <Input {...c} {...bind('projectTitle')} maxLength={SHORT_TEXT_MAX} />}
        </Field>
        <Field label="Timeline" error={errors[path('timeline')]} hint="e.g. 6 weeks from the first session">
          {(c) => <Input {...c} {...bind('timeline')} maxLength={SHORT_TEXT_MAX} />}
        </Field>
        <Field label="Revisions" error={errors[path('revisions')]} hint="Rounds of changes included">
          {(c) => (
            <Input
              {...c}
              {...bind('revisions')}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
            />
          )}
        </Field>
      </Section>
      <Section title="Deliverables" columns={1}>
        <TextRows
          noun="Deliverable"
          label="Deliverable"
          addLabel="Add deliverable"
          placeholder="e.g. Stereo master, WAV 24-bit"
          rows={values.deliverables}
          path={path('deliverables')}
          errors={errors}
          onChange={(deliverables, clear) => onChange({ deliverables }, clear)}
        />
      </Section>
      <Section title="Fee and terms">
        <Field label="Budget (USD)" error={errors[path('budget')]}>
          {(c) => (
            <Input
              {...c}
              {...bind('budget')}
              type="number"
              inputMode="decimal"
              min={0}
              max={DOCUMENT_MONEY_MAX}
              step="0.01"
            />
          )}
        </Field>
        <Field label="Payment terms" error={errors[path('paymentTerms')]}>
          {(c) => (
            <Input {...c} {...bind('paymentTerms')} maxLength={NOTES_MAX} placeholder="e.g. 50% upfront" />
          )}
        </Field>
        <Field label="Rights" error={errors[path('rights')]} className="sm:col-span-2">
          {(c) => <Textarea {...c} {...bind('rights')} rows={2} maxLength={CLAUSE_MAX} />}
        </Field>
        <Field label="Cancellation terms" error={errors[path('cancellationTerms')]} className="sm:col-span-2">
          {(c) => <Textarea {...c} {...bind('cancellationTerms')} rows={2} maxLength={CLAUSE_MAX} />}
        </Field>
      </Section>
    </>
  );
}
