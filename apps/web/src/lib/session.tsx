// The signed-in session (SPEC §4 Session): loading at start, then a user or nobody, from GET /api/auth/me.
// It also reacts to the API client's session-expired event and keeps the realtime connection in step.
import { type User, UserSchema } from '@mixdesk/contract/auth';
import { sessionRoutes as routes } from '@mixdesk/contract/routes/session';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { z } from 'zod';
import { ApiError, api, TOKEN_KEY } from './api';
import { call } from './call';
import { realtime } from './realtime';

export const SESSION_QUERY_KEY = ['session'] as const;

const RefreshBodySchema = z.object({ data: z.object({ user: UserSchema }) });

/**
 * The current user, or null when signed out; any failure counts as signed out. A browser that holds no sign-in
 * is not asked about: a signed-out visitor's pages make no call that can only fail.
 */
async function fetchCurrentUser(): Promise<User | null> {
  if (!api.tokens.maybeSignedIn()) return null;
  try {
    const response = await call(routes.me, {});
    return response.data.user;
  } catch (error) {
    // The sign-in is over (its cookies expired with the token already gone): stop asking on every load.
    if (error instanceof ApiError && error.status === 401 && !api.tokens.get()) api.tokens.clear();
    return null;
  }
}

export interface Session {
  status: 'loading' | 'ready';
  user: User | null;
  /** True once a signed-in user's token could not be refreshed, until they acknowledge it. */
  expired: boolean;
  /** Stores the token from login/register and makes the user current. */
  signIn: (session: { user: User; token: string }) => void;
  /** Ends the session on the server (best effort) and here. */
  signOut: () => Promise<void>;
  /** Forgets the session locally without calling the server (expired or revoked sessions). */
  clear: () => void;
  /** Re-reads the current user from the server. */
  reload: () => Promise<User | null>;
  /**
   * Checks in the background that a signed-in session still holds (and picks up changes such as verification).
   * A revoked session raises the session-expired notice and resolves false; a network hiccup changes nothing.
   */
  revalidate: () => Promise<boolean>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchCurrentUser,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const user = query.data ?? null;
  const [expired, setExpired] = useState(false);
  const userRef = useRef(user);
  userRef.current = user;

  const setUser = useCallback(
    (next: User | null) => queryClient.setQueryData(SESSION_QUERY_KEY, next),
    [queryClient],
  );

  const clear = useCallback(() => {
    api.tokens.clear();
    setExpired(false);
    // Another user may sign in next: drop everything cached for this one, keep the session entry itself.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    setUser(null);
  }, [queryClient, setUser]);

  const signOut = useCallback(async () => {
    try {
      await call(routes.logout, {}, { auth: false });
    } catch (error) {
      console.warn('Sign-out request failed; signing out locally', error);
    }
    clear();
  }, [clear]);

  const signIn = useCallback(
    ({ user: next, token }: { user: User; token: string }) => {
      api.tokens.set(token);
      setExpired(false);
      setUser(next);
    },
    [setUser],
  );

  const reload = useCallback(
    () => queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchCurrentUser, staleTime: 0 }),
    [queryClient],
  );

  const revalidate = useCallback(async () => {
    if (!userRef.current) return false;
    try {
      const response = await call(routes.me, {});
      if (userRef.current) setUser(response.data.user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        if (userRef.current) setExpired(true);
        return false;
      }
      console.warn('Could not re-check the session', error);
    }
    return true;
  }, [setUser]);

  // The server closed the live connection. Signed out from another device: the check raises the notice at
  // once. Still signed in (a server restart): live updates come back.
  useEffect(
    () =>
      realtime.onClosedByServer(() => {
        void revalidate().then((holds) => {
          if (holds) realtime.reconnect();
        });
      }),
    [revalidate],
  );

  useEffect(() => {
    const offExpired = api.events.on('session-expired', () => {
      // Only a user who was signed in here sees the notice; a stale token at start-up just means signed out.
      if (userRef.current) setExpired(true);
    });
    const offRefreshed = api.events.on('token-refreshed', ({ body }) => {
      const parsed = RefreshBodySchema.safeParse(body);
      if (parsed.success && userRef.current) setUser(parsed.data.data.user);
    });
    return () => {
      offExpired();
      offRefreshed();
    };
  }, [setUser]);

  // Signing in or out in another tab changes the stored token: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      if (!api.tokens.get()) {
        if (userRef.current) clear();
      } else {
        void reload();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clear, reload]);

  const userId = user?._id;
  useEffect(() => {
    if (userId && !expired) realtime.connect();
    else realtime.disconnect();
  }, [userId, expired]);

  const value = useMemo<Session>(
    () => ({
      status: query.isPending ? 'loading' : 'ready',
      user,
      expired,
      signIn,
      signOut,
      clear,
      reload,
      revalidate,
    }),
    [query.isPending, user, expired, signIn, signOut, clear, reload, revalidate],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
