// Every per-client request limit, in one table: how many requests of a kind one client may make in a window.
// A client is the signed-in user, else the address (TRUST_PROXY decides whether a proxy's header is believed).
// Each default suits a person at work and stops a script; RATE_LIMIT_<NAME> raises (or lowers) the count.

export interface RateLimit {
  /** Requests allowed per window; the next one gets 429 with Retry-After until the window ends. */
  max: number;
  windowSeconds: number;
  /** The start of the 429's message: "<what> Try again in 40 seconds." */
  what: string;
}

export const RATE_LIMITS = {
  /** Every POST, PUT, PATCH and DELETE under /api that no other line names. */
  write: { max: 300, windowSeconds: 60, what: 'Too many changes in a short time.' },
  /** The searchable lists: projects, clients, documents. */
  search: { max: 120, windowSeconds: 60, what: 'Too many searches in a short time.' },
  /** Audio files, versions and avatars. */
  upload: { max: 300, windowSeconds: 600, what: 'Too many uploads in a short time.' },
  /** Documents rendered to PDF. */
  render: { max: 60, windowSeconds: 600, what: 'Too many documents generated in a short time.' },
  /** Loudness masters of a version (each a render and two measurements). */
  master: { max: 30, windowSeconds: 3600, what: 'Too many masters in a short time.' },
  /** New accounts from one address (each mails a verification link to an address the caller typed). */
  register: { max: 5, windowSeconds: 3600, what: 'Too many accounts created from this address.' },
  /** Project invitations: each one emails an address the caller typed. */
  invite: { max: 60, windowSeconds: 3600, what: 'Too many invitations in a short time.' },
  /** The account's data export, asked for and downloaded. */
  export: { max: 20, windowSeconds: 3600, what: 'Too many data exports in a short time.' },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export const RATE_LIMIT_NAMES = Object.keys(RATE_LIMITS) as RateLimitName[];

/** The routes a limit other than `write` covers, as `METHOD /url` (a GET named here is limited too). */
export const RATE_LIMITED_ROUTES: Record<string, RateLimitName> = {
  'GET /api/projects': 'search',
  'GET /api/clients': 'search',
  'GET /api/documents': 'search',
  'POST /api/projects/:id/files': 'upload',
  'POST /api/projects/:id/tracks/:trackId/versions': 'upload',
  'POST /api/auth/profile/avatar': 'upload',
  'POST /api/documents/generate': 'render',
  'POST /api/projects/:id/tracks/:trackId/versions/:versionId/master': 'master',
  'POST /api/auth/register': 'register',
  'POST /api/projects/:id/collaborators': 'invite',
  'POST /api/account/export': 'export',
  'GET /api/account/export/download': 'export',
};

/** The limits in force: the table's, with any count a setting gives instead. */
export function rateLimitsWith(
  counts: Partial<Record<RateLimitName, number>> = {},
): Record<RateLimitName, RateLimit> {
  const out = {} as Record<RateLimitName, RateLimit>;
  for (const name of RATE_LIMIT_NAMES)
    out[name] = { ...RATE_LIMITS[name], max: counts[name] ?? RATE_LIMITS[name].max };
  return out;
}
