// Change Password: the current password, a new one with the strength meter, and its confirmation. Success signs
// every other session out (the server does it) and says how many.
import { PASSWORD_MIN } from '@mixdesk/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { PasswordStrength } from '../../ui/password-strength';
import { useToast } from '../../ui/toast';
import { changePassword } from './api';
import { profileFieldErrorsOf, serverMessage } from './errors';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (res) => {
      toast.notify('success', res.message);
      close(false);
    },
    onError: (err) => {
      setErrors(profileFieldErrorsOf(err));
      setError(serverMessage(err, 'Failed to change the password'));
    },
  });

  const close = (next: boolean) => {
    if (!next) {
      setValues(EMPTY);
      setErrors({});
      setError(null);
      mutation.reset();
    }
    onOpenChange(next);
  };

  const change = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const next: typeof errors = {};
    if (!values.currentPassword) next.currentPassword = 'Current password is required';
    if (values.newPassword.length < PASSWORD_MIN)
      next.newPassword = `Password must be at least ${PASSWORD_MIN} characters`;
    else if (values.newPassword === values.currentPassword)
      next.newPassword = 'The new password must be different from the current one';
    if (values.confirm !== values.newPassword) next.confirm = 'Passwords do not match';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Change Password"
      description="Other devices signed in to your account will be signed out."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Change Password">
        <Field label="Current password" error={errors.currentPassword}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={change('currentPassword')}
            />
          )}
        </Field>
        <Field label="New password" error={errors.newPassword}>
          {(control) => (
            <>
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                value={values.newPassword}
                onChange={change('newPassword')}
              />
              <PasswordStrength id={`${control.id}-strength`} password={values.newPassword} />
            </>
          )}
        </Field>
        <Field label="Confirm new password" error={errors.confirm}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              value={values.confirm}
              onChange={change('confirm')}
            />
          )}
        </Field>
        {error && <Alert type="error">{error}</Alert>}
        <div className="flex justify-end gap-2">
          <Button onClick={() => close(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={mutation.isPending}>
            {mutation.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
