// Where to go after signing in: the protected page that sent the visitor to /auth (state.from), else home.
import type { Location } from 'react-router';

export interface AuthRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** Which tab /auth opens on ('register' from Get Started). */
  mode?: 'login' | 'register';
  /** Opens the forgot-password form straight away (from an expired reset link). */
  forgot?: boolean;
}

export const authState = (state: unknown): AuthRedirectState =>
  state && typeof state === 'object' ? state : {};

export function redirectTarget(state: unknown): string {
  const from = (state as AuthRedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  // Never bounce back into the auth screens themselves, and never off-site ('//host').
  if (from.pathname.startsWith('//') || ['/auth', '/verify-email', '/reset-password'].includes(from.pathname))
    return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
