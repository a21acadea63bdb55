// Enable 2FA: scan the QR code (or type the secret), confirm with a current code, then save the recovery codes.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { enableTwoFactor, startTwoFactorSetup } from './api';
import { serverMessage } from './errors';
import { RecoveryCodes } from './recovery-codes';

export function EnableTwoFactorDialog({
  open,
  onOpenChange,
  onEnabled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEnabled: () => void;
}) {
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const toast = useToast();
  const setup = useMutation({ mutationFn: startTwoFactorSetup });
  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (recoveryCodes) => {
      setCodes(recoveryCodes);
      onEnabled();
      toast.notify('success', 'Two-factor authentication is on');
    },
  });
  const { mutate: begin, reset: resetSetup } = setup;
  const { reset: resetEnable } = enable;

  // Every opening starts a fresh set-up (a new secret replaces any unconfirmed one).
  useEffect(() => {
    if (open) begin();
    else {
      resetSetup();
      resetEnable();
      setCode('');
      setCodes(null);
    }
  }, [open, begin, resetSetup, resetEnable]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) return;
    enable.mutate(code.replace(/\s+/g, ''));
  };

  const finished = codes !== null;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={finished ? 'Two-factor authentication is on' : 'Enable 2FA'}
      description={
        finished
          ? undefined
          : 'Scan the QR code with an authenticator app, then enter the 6-digit code it shows.'
      }
      dismissible={!finished}
      footer={
        finished && (
          <Button variant="primary" onClick={() => onOpenChange(false)}>
            I've saved my codes
          </Button>
        )
      }
    >
      {finished ? (
        <RecoveryCodes codes={codes} />
      ) : setup.isPending || setup.isIdle ? (
        <div className="grid place-items-center py-8 text-muted">
          <Spinner label="Preparing your QR code..." />
        </div>
      ) : setup.isError ? (
        <Alert
          type="error"
          action={
            <Button size="sm" onClick={() => begin()}>
              Try Again
            </Button>
          }
        >
          {serverMessage(setup.error, 'Failed to start two-factor set-up')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Enable 2FA">
          <img
            src={setup.data.qrCode}
            alt="QR code for your authenticator app"
            className="mx-auto size-44 rounded-md bg-white p-2"
          />
          <div className="flex flex-col gap-1">
            <p className="text-sm text-muted">Can't scan it? Enter this key in the app:</p>
            <code className="rounded-md border border-border bg-surface-2 px-3 py-2 font-mono text-base break-all select-all">
              {setup.data.secret.match(/.{1,4}/g)?.join(' ')}
            </code>
          </div>
          <Field
            label="Authentication code"
            error={enable.isError ? serverMessage(enable.error, 'That code is not valid') : undefined}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                placeholder="123456"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  enable.reset();
                }}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button
              type="submit"
              variant="primary"
              loading={enable.isPending}
              disabled={!/^\d{6}$/.test(code.replace(/\s+/g, ''))}
            >
              {enable.isPending ? 'Verifying...' : 'Verify and enable'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
