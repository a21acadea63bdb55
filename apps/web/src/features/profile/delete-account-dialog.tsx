// Delete Account: type the account's email and the password (and a code when 2FA is on). Everything goes: projects,
// files, clients, sessions. Then the session ends here too.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useToast } from '../../ui/toast';
import { deleteAccount } from './api';
import { profileFieldErrorsOf, serverMessage } from './errors';

export function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
  twoFactor,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  twoFactor: boolean;
}) {
  const [values, setValues] = useState({ email: '', password: '', code: '' });
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      session.clear();
      navigate('/auth', { replace: true });
      toast.notify('info', 'Your account and everything in it have been deleted.');
    },
  });
  const errors = profileFieldErrorsOf(mutation.error);
  const matches = values.email.trim().toLowerCase() === email.toLowerCase();
  const ready = matches && values.password !== '' && (!twoFactor || values.code.trim() !== '');

  const close = (next: boolean) => {
    if (!next) {
      setValues({ email: '', password: '', code: '' });
      mutation.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    mutation.mutate({
      email: values.email,
      password: values.password,
      ...(twoFactor ? { code: values.code.trim() } : {}),
    });
  };

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    if (mutation.isError) mutation.reset();
  };

  return (
    <Modal open={open} onOpenChange={close} title="Delete Account" role="alertdialog">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Delete Account">
        <Alert type="error" title="This cannot be undone">
          Your projects, tracks, files, clients, profile and sessions are deleted for good. Download an export
          from Settings first if you want a copy.
        </Alert>
        <Field
          label={
            <>
              Type <span className="font-mono">{email}</span> to confirm
            </>
          }
          error={errors.email}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={values.email}
              onChange={set('email')}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={set('password')}
            />
          )}
        </Field>
        {twoFactor && (
          <Field label="Authentication or recovery code" error={errors.code}>
            {(control) => (
              <Input {...control} autoComplete="one-time-code" value={values.code} onChange={set('code')} />
            )}
          </Field>
        )}
        {mutation.isError && Object.keys(errors).length === 0 && (
          <Alert type="error">{serverMessage(mutation.error, 'Failed to delete the account')}</Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={() => close(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!ready} loading={mutation.isPending}>
            {mutation.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
