import {
  EmailSchema,
  NameSchema,
  PasswordSchema,
  REGISTRATION_ROLES,
  type RegistrationRole,
} from '@mixdesk/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { PasswordStrength } from '../../ui/password-strength';
import { Select } from '../../ui/select';
import { useToast } from '../../ui/toast';
import { register } from './api';
import { authErrorMessage, fieldErrors } from './auth-error';

const ROLE_LABELS: Record<RegistrationRole, string> = {
  artist: 'Artist',
  producer: 'Producer',
  engineer: 'Engineer',
  collaborator: 'Collaborator',
};

type Values = { name: string; email: string; role: RegistrationRole; password: string; confirm: string };

/** Client-side rules of SPEC §5 Registration, as messages per field (empty when the field is fine). */
function validate(values: Values) {
  const email = EmailSchema.safeParse(values.email);
  const password = PasswordSchema.safeParse(values.password);
  return {
    name: NameSchema.safeParse(values.name).success ? undefined : 'Name is required',
    email: email.success
      ? undefined
      : values.email.trim()
        ? email.error.issues[0]?.message
        : 'Email is required',
    password: password.success ? undefined : password.error.issues[0]?.message,
    confirm: values.confirm === values.password ? undefined : 'Passwords do not match',
  };
}

export function RegisterForm({
  error,
  onError,
}: {
  error: string | null;
  onError: (message: string | null) => void;
}) {
  const session = useSession();
  const toast = useToast();
  const meterId = useId();
  const [values, setValues] = useState<Values>({
    name: '',
    email: '',
    role: 'artist',
    password: '',
    confirm: '',
  });
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: register,
    onSuccess: (data) => {
      session.signIn(data);
      toast.notify('success', 'Account created. Check your inbox to verify your email.');
    },
    onError: (err) => {
      setServerErrors(fieldErrors(err));
      onError(authErrorMessage(err));
    },
  });

  const rules = validate(values);
  const valid = !rules.name && !rules.email && !rules.password && !rules.confirm;
  // A rule speaks once its field was left (or, for the confirmation, as soon as something is typed).
  const shown = (field: keyof Values) =>
    serverErrors[field] ??
    (touched[field] || (field === 'confirm' && values.confirm)
      ? rules[field as keyof typeof rules]
      : undefined);

  const bind = (field: keyof Values) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: event.target.value }));
      setServerErrors(({ [field]: _, ...rest }) => rest);
    },
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    onError(null);
    mutation.mutate({ name: values.name, email: values.email, password: values.password, role: values.role });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Name" error={shown('name')}>
        {(control) => <Input {...control} autoComplete="name" required {...bind('name')} />}
      </Field>
      <Field label="Email" error={shown('email')}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...bind('email')}
          />
        )}
      </Field>
      <Field label="Role" error={serverErrors.role}>
        {(control) => (
          <Select {...control} {...bind('role')}>
            {REGISTRATION_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Password" error={shown('password')}>
        {(control) => (
          <Input
            {...control}
            aria-describedby={cn(control['aria-describedby'], meterId)}
            type="password"
            autoComplete="new-password"
            required
            {...bind('password')}
          />
        )}
      </Field>
      <PasswordStrength id={meterId} password={values.password} />
      <Field label="Confirm password" error={shown('confirm')}>
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" required {...bind('confirm')} />
        )}
      </Field>
      {error && <Alert type="error">{error}</Alert>}
      <Button type="submit" variant="primary" size="lg" disabled={!valid} loading={mutation.isPending}>
        {mutation.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
