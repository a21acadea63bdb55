// Forgot password: ask for the account email, send a reset link, confirm without saying whether the account exists.
import { EmailSchema } from '@mixdesk/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { EmailAddress } from '../../ui/email-address';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { requestPasswordReset } from './api';
import { authErrorMessage } from './auth-error';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail: string;
}

export function ForgotPasswordDialog({ open, onOpenChange, initialEmail }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Reset your password"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
    >
      {/* Mounted only while open, so every opening starts fresh. */}
      <ForgotPasswordBody initialEmail={initialEmail} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function ForgotPasswordBody({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(
        email.trim()
          ? (parsed.error.issues[0]?.message ?? 'Enter a valid email address')
          : 'Email is required',
      );
      return;
    }
    mutation.mutate(parsed.data);
  };

  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <div role="status" className="flex items-start gap-3">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <p className="text-base">
            If an account exists for{' '}
            <strong>
              <EmailAddress email={mutation.variables} />
            </strong>
            , a link to reset your password is on its way. Check your inbox (and the spam folder); the link
            works once.
          </p>
        </div>
        <div className="flex justify-end">
          <Button variant="primary" onClick={onDone}>
            Back to sign in
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Email" error={fieldError}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(null);
            }}
          />
        )}
      </Field>
      {mutation.isError && (
        <Alert type="error">{authErrorMessage(mutation.error, 'Could not send the reset link')}</Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" loading={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </div>
    </form>
  );
}
