// A collaboration agreement's details (SPEC §3 agreementDetails, §4 Agreement revenue share): the primary's
// share is typed (held within 0 to 100), the secondary's is always 100 − primary; responsibilities per party.
import { CLAUSE_MAX, SHORT_TEXT_MAX } from '@mixdesk/contract/documents';
import { Checkbox } from '../../../ui/checkbox';
import { Field } from '../../../ui/field';
import { Input, Textarea } from '../../../ui/input';
import { liveRevenueShare } from './form-model';
import type { FormValues } from './form-values';
import { type PartProps, Section } from './section';
import { TextRows } from './text-rows';

type Values = FormValues['agreementDetails'];

/** Out-of-range typing is pulled back to the bound at once, so the two shares always add up to 100. */
function bounded(text: string): string {
  if (text.trim() === '') return text;
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  return n > 100 ? '100' : n < 0 ? '0' : text;
}

export function AgreementFields({ values, errors, onChange }: PartProps<Values>) {
  const path = (key: string) => `agreementDetails.${key}`;
  const bind = (key: 'collaborationType' | 'duration' | 'terminationClause') => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => onChange({ [key]: e.target.value }, [path(key)]),
  });
  const share = liveRevenueShare(values.primaryPercentage);
  const sharePath = path('revenueShare.primaryPercentage');
  return (
    <>
      <Section title="Collaboration">
        <Field label="Collaboration type" error={errors[path('collaborationType')]}>
          {(c) => (
            <Input
              {...c}
              {...bind('collaborationType')}
              maxLength={SHORT_TEXT_MAX}
              placeholder="e.g. Co-production"
            />
          )}
        </Field>
        <Field label="Duration" error={errors[path('duration')]}>
          {(c) => (
            <Input {...c} {...bind('duration')} maxLength={SHORT_TEXT_MAX} placeholder="e.g. 12 months" />
          )}
        </Field>
        <Field label="Primary party share (%)" error={errors[sharePath]} hint="From 0 to 100">
          {(c) => (
            <Input
              {...c}
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step="any"
              value={values.primaryPercentage}
              onChange={(e) =>
                onChange({ primaryPercentage: bounded(e.target.value) }, [sharePath, path('revenueShare')])
              }
            />
          )}
        </Field>
        <Field label="Secondary party share (%)" hint="Always 100 minus the primary share">
          {(c) => <Input {...c} readOnly value={String(share.secondary)} />}
        </Field>
        <Checkbox
          className="sm:col-span-2"
          label="Exclusive collaboration"
          checked={values.exclusivity}
          onCheckedChange={(checked) => onChange({ exclusivity: checked === true }, [path('exclusivity')])}
        />
      </Section>
      <Section title="Responsibilities">
        {(['primary', 'secondary'] as const).map((role) => (
          <TextRows
            key={role}
            noun={`${role === 'primary' ? 'Primary' : 'Secondary'} party responsibility`}
            label={`${role === 'primary' ? 'Primary' : 'Secondary'} party`}
            addLabel="Add responsibility"
            rows={values.responsibilities[role]}
            path={path(`responsibilities.${role}`)}
            errors={errors}
            onChange={(rows, clear) =>
              onChange({ responsibilities: { ...values.responsibilities, [role]: rows } }, clear)
            }
          />
        ))}
      </Section>
      <Section title="Termination" columns={1}>
        <Field label="Termination clause" error={errors[path('terminationClause')]}>
          {(c) => <Textarea {...c} {...bind('terminationClause')} rows={3} maxLength={CLAUSE_MAX} />}
        </Field>
      </Section>
    </>
  );
}
