// Single sign-on on /auth (decision 045), loaded only there and only when needed, so that none of it is in the
// first screen's JavaScript: "Continue with <provider>", a plain link to single sign-on's start (the server
// answers it with a redirect to the identity provider; the page the visitor was heading for goes along, and the
// server takes it only if it is a path in the app), and the message of a sign-in the server refused.
import { ssoErrorMessage } from '@mixdesk/contract/oidc';
import { fillPath } from '@mixdesk/contract/routes';
import { oidcRoutes } from '@mixdesk/contract/routes/oidc';
import { KeyRound } from 'lucide-react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

interface Props {
  /** The provider's name (OIDC_NAME), or null when single sign-on is not set up. */
  name: string | null;
  /** The path in the app to go to once signed in. */
  redirect: string;
  /** Whether the password forms follow (a line between them and the button); else a line saying there are none. */
  divider: boolean;
  /** /auth?error=<reason>: why the server refused a sign-in. */
  reason: string | null;
}

/**
 * lib/api.ts's SIGNED_IN_KEY, written out: importing it here moved the API client into a chunk of its own and
 * cost the first load half a kilobyte (sso-button.test.ts checks the two are the same).
 */
export const SSO_SIGNED_IN_KEY = 'signed-in';

/**
 * The sign-in ends on the server (the callback sets the session's cookies and redirects into the app), so
 * the app is told beforehand that a session may exist: on return it asks the server who is signed in rather
 * than taking the visitor for signed out. A sign-in that never finishes is found out by that one question.
 */
function expectSignIn() {
  try {
    globalThis.localStorage.setItem(SSO_SIGNED_IN_KEY, '1');
  } catch {
    // Storage blocked: the app then asks the server anyway.
  }
}

export function SsoButton({ name, redirect, divider, reason }: Props) {
  const start = fillPath(oidcRoutes.start.path);
  const href = redirect === '/' ? start : `${start}?${new URLSearchParams({ redirect })}`;
  return (
    <>
      {/* The reason's own message, never the link's text. */}
      {reason && (
        <Alert type="error" className="mb-4">
          {ssoErrorMessage(reason)}
        </Alert>
      )}
      {name && (
        <Button asChild variant="secondary" size="lg" className="w-full">
          <a href={href} onClick={expectSignIn}>
            <KeyRound aria-hidden="true" />
            Continue with {name}
          </a>
        </Button>
      )}
      {name && !divider && (
        <p className="mt-3 text-center text-sm text-muted">
          This server signs people in through {name} only.
        </p>
      )}
      {name && divider && (
        <div className="my-5 flex items-center gap-3 text-sm text-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
      )}
    </>
  );
}
