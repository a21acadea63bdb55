// Whether the signed-in user runs this server (the `isAdmin` flag every auth answer carries with the user):
// 'checking' while the session is still loading, false when signed out.
import { useSession } from '../lib/session';

export type AdminStatus = boolean | 'checking';

export function useIsAdmin(): AdminStatus {
  const { status, user } = useSession();
  if (status === 'loading') return 'checking';
  return user?.isAdmin === true;
}
