// /verify-email: "check your inbox" with a resend button; with ?token= it consumes the emailed link instead.
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, MailOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmailAddress } from '../../ui/email-address';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { verifyEmail } from './api';
import { authErrorMessage } from './auth-error';
import { AuthLayout } from './auth-layout';
import { ResendVerification } from './resend-verification';

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ConsumeLink token={token} /> : <CheckInbox />;
}

function CheckInbox() {
  const session = useSession();
  const navigate = useNavigate();
  const [stillUnverified, setStillUnverified] = useState(false);
  const [checking, setChecking] = useState(false);

  if (session.status === 'loading') return <Waiting label="Loading" />;
  if (session.user?.verified) return <Navigate to="/" replace />;

  const recheck = async () => {
    setChecking(true);
    const user = await session.reload();
    setChecking(false);
    setStillUnverified(!user?.verified);
  };
  const signOut = async () => {
    await session.signOut();
    navigate('/auth', { replace: true });
  };

  return (
    <AuthLayout title="Verify your email">
      <div className="flex flex-col gap-4">
        <MailOpen aria-hidden="true" className="size-8 text-accent" />
        <h1 className="text-xl font-semibold tracking-tight">Verify your email</h1>
        <p className="text-base text-muted">
          {session.user ? (
            <>
              We sent a verification link to{' '}
              <strong className="text-text">
                <EmailAddress email={session.user.email} />
              </strong>
              . Check your inbox and open the link to activate your account.
            </>
          ) : (
            'Check your inbox for a verification link and open it to activate your account.'
          )}
        </p>
        {session.user ? (
          <>
            <ResendVerification />
            {stillUnverified && (
              <Alert type="info">Your email isn't verified yet. Open the link in the email first.</Alert>
            )}
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
              <Button variant="ghost" size="sm" onClick={recheck} loading={checking}>
                I've verified my email
              </Button>
              <Button variant="ghost" size="sm" onClick={signOut}>
                Sign Out
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-muted">
            Need a new link?{' '}
            <Button asChild variant="link" className="text-sm">
              <Link to="/auth">Sign in</Link>
            </Button>{' '}
            to resend it.
          </p>
        )}
      </div>
    </AuthLayout>
  );
}

function ConsumeLink({ token }: { token: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const consumed = useRef<string | null>(null);
  const [verifiedSignedOut, setVerifiedSignedOut] = useState(false);
  const mutation = useMutation({
    mutationFn: verifyEmail,
    onSuccess: async () => {
      // The session now reads verified: a signed-in user goes straight in, anyone else is asked to sign in.
      const user = await session.reload();
      if (user) {
        toast.notify('success', 'Email verified. Welcome to Mixdesk!');
        navigate('/', { replace: true });
      } else {
        setVerifiedSignedOut(true);
      }
    },
  });
  const { mutate } = mutation;

  useEffect(() => {
    // A link works once: consume it once, even when effects run twice in development.
    if (consumed.current === token) return;
    consumed.current = token;
    mutate(token);
  }, [token, mutate]);

  if (mutation.isError) {
    // A link opened again by someone already verified (from the same email, a second tab): nothing went wrong.
    if (session.status === 'loading') return <Waiting label="Verifying your email..." />;
    if (session.user?.verified) return <AlreadyVerified />;
    return (
      <AuthLayout title="Verification failed">
        <div className="flex flex-col gap-4">
          <h1 className="text-xl font-semibold tracking-tight">We couldn't verify your email</h1>
          <Alert type="error">
            {authErrorMessage(mutation.error, 'This verification link is invalid or has expired')}
          </Alert>
          {session.user && !session.user.verified ? (
            <ResendVerification />
          ) : (
            <Button asChild variant="primary" size="lg">
              <Link to={session.user ? '/' : '/auth'}>{session.user ? 'Go to Dashboard' : 'Sign in'}</Link>
            </Button>
          )}
        </div>
      </AuthLayout>
    );
  }

  if (verifiedSignedOut) {
    return (
      <AuthLayout title="Email verified">
        <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
          <CircleCheck aria-hidden="true" className="size-10 text-success" />
          <h1 className="text-xl font-semibold tracking-tight">Your email is verified</h1>
          <p className="text-base text-muted">Sign in to start using Mixdesk.</p>
          <Button asChild variant="primary" size="lg" className="mt-2 w-full">
            <Link to="/auth" replace>
              Sign in
            </Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return <Waiting label="Verifying your email..." />;
}

function AlreadyVerified() {
  return (
    <AuthLayout title="Email verified">
      <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
        <CircleCheck aria-hidden="true" className="size-10 text-success" />
        <h1 className="text-xl font-semibold tracking-tight">Your email is already verified</h1>
        <p className="text-base text-muted">This link has been used; there is nothing more to do.</p>
        <Button asChild variant="primary" size="lg" className="mt-2 w-full">
          <Link to="/" replace>
            Go to Dashboard
          </Link>
        </Button>
      </div>
    </AuthLayout>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <AuthLayout title="Verify your email">
      <div className="flex flex-col items-center gap-3 py-8 text-muted">
        <Spinner size="lg" className="text-accent" />
        <p role="status">{label}</p>
      </div>
    </AuthLayout>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { VerifyEmailPage as Component };
