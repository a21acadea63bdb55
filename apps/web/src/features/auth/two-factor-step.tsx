// The second step of signing in when two-factor authentication is on: a 6-digit code from the authenticator app,
// or one of the recovery codes.
import type { User } from '@mixdesk/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { loginWithCode } from './api';
import { authErrorMessage } from './auth-error';

export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (session: { user: User; token: string }) => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: loginWithCode,
    onSuccess: onSignedIn,
    onError: (err) => setError(authErrorMessage(err)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter the code from your authenticator app');
      return;
    }
    setError(null);
    mutation.mutate({ challenge, code: code.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Two-factor authentication">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">Two-factor authentication</h2>
          <p className="text-sm text-muted">
            Enter the 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
        </div>
      </div>
      <Field label="Authentication code">
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            autoFocus
            placeholder="123456"
            maxLength={40}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      {error && <Alert type="error">{error}</Alert>}
      <Button type="submit" variant="primary" size="lg" loading={mutation.isPending}>
        {mutation.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <Button variant="link" className="self-center text-sm" onClick={onRestart}>
        Back to sign in
      </Button>
    </form>
  );
}
