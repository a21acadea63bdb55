// The Resend Verification Email button with its status line (SPEC §2: 'Sending...', 'Verification email sent!',
// 'Failed to send verification email').
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { resendVerification } from './api';

export function ResendVerification({ className }: { className?: string }) {
  const mutation = useMutation({ mutationFn: resendVerification });
  // A throttled resend (429) explains when to try again; pass that on under the status.
  const detail =
    mutation.error instanceof ApiError && mutation.error.status === 429 ? mutation.error.message : undefined;
  const status = mutation.isPending
    ? 'Sending...'
    : mutation.isSuccess
      ? 'Verification email sent!'
      : mutation.isError
        ? 'Failed to send verification email'
        : '';
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Button variant="primary" size="lg" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
        <Send aria-hidden="true" />
        Resend Verification Email
      </Button>
      <p
        role="status"
        className={cn(
          'min-h-5 text-center text-sm',
          mutation.isSuccess && 'text-success',
          mutation.isError && 'text-danger',
          mutation.isPending && 'text-muted',
        )}
      >
        {status}
        {detail && <span className="block text-xs text-muted">{detail}</span>}
      </p>
    </div>
  );
}
