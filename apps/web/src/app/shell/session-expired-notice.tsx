// Shown when a signed-in user's token can no longer be refreshed (SPEC §2 Shell, session-expired notice).
import { useLocation, useNavigate } from 'react-router';
import type { AuthRedirectState } from '../../features/auth/redirect';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';

export function SessionExpiredNotice() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signInAgain = () => {
    const state: AuthRedirectState = { from: location };
    session.clear();
    navigate('/auth', { replace: true, state });
  };
  return (
    <Modal
      open={session.expired}
      onOpenChange={(open) => {
        if (!open) signInAgain();
      }}
      role="alertdialog"
      dismissible={false}
      title="Session Expired"
      description="Your session has expired. Please log in again."
      footer={
        <Button variant="primary" onClick={signInAgain}>
          Sign In
        </Button>
      }
    />
  );
}
