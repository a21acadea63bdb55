// The signing page's endings: signed (and, with the last signature, complete), declined, or a link that cannot
// be used (a load that failed is ui/load-error-page.tsx). Each is a page of its own, announced to screen readers.
import { CircleCheck, CircleSlash, Hourglass, Link2Off } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { PublicLayout, PublicNotice } from '../../../ui/public-layout';
import { LINK_INVALID, signingErrorMessage } from './errors';

/** Somewhere to go for a signed-in user (a party signing from their own /documents). */
function DocumentsLink() {
  const session = useSession();
  if (!session.user) return null;
  return (
    <Button asChild className="mt-2">
      <Link to="/documents">Go to your documents</Link>
    </Button>
  );
}

export function SignedPage({ title, completed }: { title: string; completed: boolean }) {
  return (
    <PublicLayout title="Signed">
      <PublicNotice>
        <div role="status" className="flex flex-col items-center gap-3">
          <CircleCheck aria-hidden="true" className="size-12 text-success" />
          <h1 className="text-2xl font-semibold tracking-tight">Thank you — you have signed.</h1>
          <p className="text-base break-words text-muted">
            Your signature on <span className="font-medium text-text">{title}</span> is recorded.
          </p>
          <p className="text-base text-muted">
            {completed
              ? 'Everyone has signed. The final copy, with every signature and a certificate of completion, is on its way to you by email.'
              : 'When everyone has signed, you will get the final copy by email.'}
          </p>
        </div>
        <p className="text-sm text-subtle">You can close this page.</p>
        <DocumentsLink />
      </PublicNotice>
    </PublicLayout>
  );
}

export function DeclinedPage({ title, from }: { title: string; from: string }) {
  return (
    <PublicLayout title="Declined">
      <PublicNotice>
        <div role="status" className="flex flex-col items-center gap-3">
          <CircleSlash aria-hidden="true" className="size-12 text-muted" />
          <h1 className="text-2xl font-semibold tracking-tight">You declined to sign</h1>
          <p className="text-base break-words text-muted">
            <span className="font-medium text-text">{title}</span> was not signed. {from} has been told, with
            your reason.
          </p>
        </div>
        <p className="text-sm text-subtle">You can close this page.</p>
        <DocumentsLink />
      </PublicNotice>
    </PublicLayout>
  );
}

/** An unknown, used or expired link (404), or too many bad links from this address (429): the server's words. */
export function DeadLinkPage({ error }: { error: unknown }) {
  const throttled = error instanceof ApiError && error.status === 429;
  const message = signingErrorMessage(error, LINK_INVALID);
  return (
    <PublicLayout title={throttled ? 'Too many attempts' : 'Link not valid'}>
      <PublicNotice>
        <div role="alert" className="flex flex-col items-center gap-3">
          {throttled ? (
            <Hourglass aria-hidden="true" className="size-12 text-warning" />
          ) : (
            <Link2Off aria-hidden="true" className="size-12 text-muted" />
          )}
          <h1 className="text-2xl font-semibold tracking-tight">
            {throttled ? 'Too many attempts' : "This link can't be used"}
          </h1>
          <p className="text-base text-text">{message}</p>
        </div>
        <p className="text-base text-muted">
          {throttled
            ? 'For safety, signing links from this network are paused for a while after too many that did not work.'
            : 'Signing links work once, for a limited time. If you still need to sign, ask the sender for a new link.'}
        </p>
        <DocumentsLink />
      </PublicNotice>
    </PublicLayout>
  );
}
