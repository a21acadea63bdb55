// Turning 2FA off, or replacing the recovery codes: both need the password and a current code (or a recovery code).
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useToast } from '../../ui/toast';
import { disableTwoFactor, replaceRecoveryCodes } from './api';
import { profileFieldErrorsOf, serverMessage } from './errors';
import { RecoveryCodes } from './recovery-codes';

export type TwoFactorAction = 'disable' | 'recovery-codes';

const COPY: Record<TwoFactorAction, { title: string; description: string; submit: string; busy: string }> = {
  disable: {
    title: 'Disable 2FA',
    description: 'Signing in will need only your password. Confirm with your password and a code.',
    submit: 'Disable 2FA',
    busy: 'Disabling...',
  },
  'recovery-codes': {
    title: 'New recovery codes',
    description: 'Your current recovery codes stop working. Confirm with your password and a code.',
    submit: 'Create new codes',
    busy: 'Creating...',
  },
};

export function ConfirmTwoFactorDialog({
  action,
  onClose,
  onDone,
}: {
  action: TwoFactorAction | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [values, setValues] = useState({ password: '', code: '' });
  const [codes, setCodes] = useState<string[] | null>(null);
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: async (input: { password: string; code: string }) => {
      if (action === 'recovery-codes') return replaceRecoveryCodes(input);
      await disableTwoFactor(input);
      return null;
    },
    onSuccess: (fresh) => {
      onDone();
      if (fresh) setCodes(fresh);
      else {
        toast.notify('success', 'Two-factor authentication is off');
        close();
      }
    },
  });
  const errors = profileFieldErrorsOf(mutation.error);

  const close = () => {
    setValues({ password: '', code: '' });
    setCodes(null);
    mutation.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.password || !values.code.trim()) return;
    mutation.mutate({ password: values.password, code: values.code.trim() });
  };

  const copy = action ? COPY[action] : COPY.disable;
  return (
    <Modal
      open={action !== null}
      onOpenChange={(open) => !open && close()}
      title={codes ? 'Your new recovery codes' : copy.title}
      description={codes ? undefined : copy.description}
      dismissible={!codes}
      footer={
        codes && (
          <Button variant="primary" onClick={close}>
            I've saved my codes
          </Button>
        )
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={copy.title}>
          <Field label="Password" error={errors.password}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                value={values.password}
                onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
              />
            )}
          </Field>
          <Field label="Authentication or recovery code" error={errors.code}>
            {(control) => (
              <Input
                {...control}
                autoComplete="one-time-code"
                placeholder="123456 or abcde-fghij"
                value={values.code}
                onChange={(e) => setValues((v) => ({ ...v, code: e.target.value }))}
              />
            )}
          </Field>
          {mutation.isError && !errors.password && !errors.code && (
            <Alert type="error">{serverMessage(mutation.error, 'Something went wrong. Try again.')}</Alert>
          )}
          <div className="flex justify-end gap-2">
            <Button onClick={close}>Cancel</Button>
            <Button
              type="submit"
              variant={action === 'disable' ? 'danger' : 'primary'}
              loading={mutation.isPending}
              disabled={!values.password || !values.code.trim()}
            >
              {mutation.isPending ? copy.busy : copy.submit}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
