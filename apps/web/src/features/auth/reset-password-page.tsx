// /reset-password?token=: choose a new password from the emailed link; bad, used or expired links say so clearly.
import { PasswordSchema } from '@mixdesk/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { PasswordStrength } from '../../ui/password-strength';
import { resetPassword } from './api';
import { authErrorMessage } from './auth-error';
import { AuthLayout } from './auth-layout';
import type { AuthRedirectState } from './redirect';

const REQUEST_NEW_LINK: AuthRedirectState = { mode: 'login', forgot: true };

function RequestNewLink() {
  return (
    <Button asChild variant="link" className="text-sm">
      <Link to="/auth" state={REQUEST_NEW_LINK}>
        Request a new reset link
      </Link>
    </Button>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const meterId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const mutation = useMutation({
    mutationFn: (next: string) => resetPassword(token, next),
    // Changing the password ends every session on the server; forget this browser's one too.
    onSuccess: () => session.clear(),
  });

  const passwordRule = PasswordSchema.safeParse(password);
  const passwordError = touched && !passwordRule.success ? passwordRule.error.issues[0]?.message : undefined;
  const confirmError = confirm && confirm !== password ? 'Passwords do not match' : undefined;
  const valid = passwordRule.success && confirm === password;

  if (!token) {
    return (
      <AuthLayout title="Reset password">
        <h1 className="mb-4 text-xl font-semibold tracking-tight">Reset password</h1>
        <Alert type="error" title="This link is incomplete" action={<RequestNewLink />}>
          The password reset link is missing its code. Open the link from the email again, or ask for a new
          one.
        </Alert>
      </AuthLayout>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthLayout title="Password reset">
        <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
          <CircleCheck aria-hidden="true" className="size-10 text-success" />
          <h1 className="text-xl font-semibold tracking-tight">Your password has been reset</h1>
          <p className="text-base text-muted">You can now sign in with your new password.</p>
          <Button asChild variant="primary" size="lg" className="mt-2 w-full">
            <Link to="/auth" replace>
              Sign in
            </Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid && !mutation.isPending) mutation.mutate(password);
  };

  return (
    <AuthLayout title="Choose a new password">
      <h1 className="mb-1 text-xl font-semibold tracking-tight">Choose a new password</h1>
      <p className="mb-5 text-base text-muted">Pick something you don't use anywhere else.</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="New password" error={passwordError}>
          {(control) => (
            <Input
              {...control}
              aria-describedby={cn(control['aria-describedby'], meterId)}
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              onBlur={() => setTouched(true)}
            />
          )}
        </Field>
        <PasswordStrength id={meterId} password={password} />
        <Field label="Confirm new password" error={confirmError}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
          )}
        </Field>
        {mutation.isError && (
          <Alert type="error" action={<RequestNewLink />}>
            {authErrorMessage(mutation.error, 'Could not reset your password')}
          </Alert>
        )}
        <Button type="submit" variant="primary" size="lg" disabled={!valid} loading={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Reset Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { ResetPasswordPage as Component };
