// The primary and secondary party (SPEC §3 Document: name, email, address, phone). Name and email are required.
import { ADDRESS_MAX, PARTY_NAME_MAX, PHONE_MAX } from '@mixdesk/contract/documents';
import { Field } from '../../../ui/field';
import { Input, Textarea } from '../../../ui/input';
import type { FormValues, PartyRole, PartyValues } from './form-values';
import { type PartProps, Section } from './section';

const TITLES: Record<PartyRole, string> = { primary: 'Primary party', secondary: 'Secondary party' };

export function PartyFields({ values, errors, onChange }: PartProps<FormValues['parties']>) {
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      {(['primary', 'secondary'] as const).map((role) => {
        const party = values[role];
        const path = (key: keyof PartyValues) => `parties.${role}.${key}`;
        const bind = (key: keyof PartyValues) => ({
          value: party[key],
          onChange: (e: { target: { value: string } }) =>
            onChange({ [role]: { ...party, [key]: e.target.value } }, [path(key)]),
        });
        return (
          <Section key={role} title={TITLES[role]} columns={1}>
            <Field label="Name" error={errors[path('name')]}>
              {(c) => <Input {...c} {...bind('name')} maxLength={PARTY_NAME_MAX} autoComplete="off" />}
            </Field>
            <Field label="Email" error={errors[path('email')]}>
              {(c) => <Input {...c} {...bind('email')} type="email" maxLength={254} autoComplete="off" />}
            </Field>
            <Field label="Address" error={errors[path('address')]}>
              {(c) => (
                <Textarea {...c} {...bind('address')} rows={2} className="min-h-14" maxLength={ADDRESS_MAX} />
              )}
            </Field>
            <Field label="Phone" error={errors[path('phone')]}>
              {(c) => <Input {...c} {...bind('phone')} type="tel" maxLength={PHONE_MAX} autoComplete="off" />}
            </Field>
          </Section>
        );
      })}
    </div>
  );
}
