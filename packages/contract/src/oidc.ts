// Single sign-on through OpenID Connect (issue #38, decision 045): what the /auth screen may offer (the options),
// the start route's query, the provider's answer at the callback, and why a sign-in was refused. A refused
// browser sign-in lands on /auth?error=<code>: the web shows the message for a code it knows, so nobody can
// put words of their own on the sign-in screen through a link.
import { z } from 'zod';

/** What /auth offers: the email and password forms, a single sign-on button, or both. */
export const AuthOptionsSchema = z.object({
  /** Sign-in and registration with a password (PASSWORD_LOGIN, on by default). */
  passwordLogin: z.boolean(),
  /** The identity provider's button (OIDC_NAME), or null when single sign-on is not set up. */
  sso: z.object({ name: z.string() }).nullable(),
});
export type AuthOptions = z.infer<typeof AuthOptionsSchema>;

/** The longest `redirect` the start route takes: a path in the app, with its query. */
export const REDIRECT_MAX = 2000;

export const OidcStartQuerySchema = z.object({
  /** Where to go in the app once signed in (a path such as /projects/abc); anything else goes home. */
  redirect: z.string().max(REDIRECT_MAX, `Redirect must be at most ${REDIRECT_MAX} characters`).optional(),
});

/** A parameter of the provider's answer: bounded, as anything a client sends is. */
const param = z.string().max(4096, 'Too long').optional();

/** The authorization response (RFC 6749 §4.1.2): a code and the state, or an error. */
export const OidcCallbackQuerySchema = z.object({
  code: param,
  state: param,
  iss: param,
  error: param,
  error_description: param,
});

/** The answer of start and callback: a redirect (302), no body; the Location header says where to go next. */
export const RedirectSchema = z
  .null()
  .meta({ description: 'A redirect: the Location header says where to go next' });

/** Why a single sign-on was refused (the `error` of /auth?error=). */
export const SSO_ERRORS = ['state', 'email', 'denied', 'provider', 'unavailable', 'off'] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

export const SSO_ERROR_MESSAGES: Record<SsoError, string> = {
  state:
    'This sign-in link is invalid, was already used or has expired (sign-ins started more than 10 minutes ago, or in another browser, do not work). Start again.',
  email:
    'Your account at the identity provider has no verified email address, so Mixdesk cannot tell which account is yours. Verify your email address there, then try again.',
  denied: 'The sign-in was cancelled at the identity provider.',
  provider: 'The identity provider’s answer could not be verified, so you were not signed in. Try again.',
  unavailable: 'The identity provider cannot be reached right now. Try again in a moment.',
  off: 'Single sign-on is not set up on this server.',
};

/** The message for /auth?error=<value>: a known code's, else a general one (never the value itself). */
export const ssoErrorMessage = (value: string): string =>
  (SSO_ERRORS as readonly string[]).includes(value)
    ? SSO_ERROR_MESSAGES[value as SsoError]
    : 'Single sign-on did not work. Try again.';

/** The message of a password route (sign-in, registration, resets) when PASSWORD_LOGIN=0. */
export const PASSWORD_LOGIN_OFF =
  'Password sign-in is turned off on this server: sign in with single sign-on.';

/**
 * A path in the app to go to after signing in, or '/' for anything else: an absolute URL, a protocol-relative
 * `//host` (or `/\host`, which browsers read the same way), control characters, the API, or the sign-in
 * screens themselves. Never an address off the app (no open redirect).
 */
export function safeAppPath(value: string | undefined): string {
  if (!value || value.length > REDIRECT_MAX) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Tabs and line breaks are dropped by URL parsers, so '/\t/host' would become '//host'.
  if (/[\p{Cc}\\]/u.test(value)) return '/';
  const url = new URL(value, 'http://app.invalid');
  if (url.origin !== 'http://app.invalid') return '/';
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) return '/';
  if (['/auth', '/verify-email', '/reset-password'].includes(path.replace(/\/$/, ''))) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
