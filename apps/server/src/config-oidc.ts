// The sign-in settings: single sign-on through an OpenID Connect provider (OIDC_*), and whether people may sign
// in and register with a password (PASSWORD_LOGIN). See modules/auth/oidc-*.ts and decision 045.
import { type RefinementCtx, z } from 'zod';
import { bool, url } from './config-fields.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or http to this machine; a value that is no URL at all is the `url` check's to name. */
function httpsOrLoopback(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || LOOPBACK.has(parsed.hostname);
  } catch {
    return true;
  }
}

export const OIDC_SETTINGS = {
  // The issuer is trusted to vouch for people's email addresses: over https only, but for a provider on this
  // machine (a test, a laptop), where http cannot be intercepted.
  OIDC_ISSUER: url(['https:', 'http:'])
    .refine(httpsOrLoopback, { message: 'must be an https:// URL (http:// only for localhost)' })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  OIDC_NAME: z.string().trim().min(1).max(40, 'must be at most 40 characters').optional(),
  PASSWORD_LOGIN: bool.default(true),
};

type OidcEnv = z.output<z.ZodObject<typeof OIDC_SETTINGS>>;

const OIDC_NAMES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'] as const;
const WHAT: Record<(typeof OIDC_NAMES)[number], string> = {
  OIDC_ISSUER: "the provider's issuer URL",
  OIDC_CLIENT_ID: "this app's client id at the provider",
  OIDC_CLIENT_SECRET: "this app's client secret at the provider",
  OIDC_NAME: 'the label of the sign-in button on /auth, such as "Acme SSO"',
};

/** Single sign-on is all four settings or none; without it, password sign-in cannot be turned off. */
export function checkOidcSettings(e: OidcEnv, ctx: RefinementCtx): void {
  const set = OIDC_NAMES.filter((name) => e[name]);
  const missing = OIDC_NAMES.find((name) => !e[name]);
  if (set.length > 0 && missing)
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `must be set when ${set[0]} is (${WHAT[missing]}): single sign-on needs ${OIDC_NAMES.join(', ')}`,
    });
  if (!e.PASSWORD_LOGIN && set.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['PASSWORD_LOGIN'],
      message:
        'must stay on (1) unless single sign-on is set up (OIDC_ISSUER and the rest): nobody could sign in',
    });
}

export interface OidcConfig {
  /** The provider's Issuer Identifier; its settings are discovered from it (/.well-known/openid-configuration). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's label on /auth ("Continue with <name>"). */
  name: string;
}

/** The provider's settings, or undefined without OIDC_ISSUER (no single sign-on). */
export function oidcConfigOf(e: OidcEnv): OidcConfig | undefined {
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET || !e.OIDC_NAME) return undefined;
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    name: e.OIDC_NAME,
  };
}
