// Every per-client request limit, in one table: how many requests of a kind one client may make in a window.
// Each line says what it counts by (`by`): 'client' is the signed-in user when the request carries a valid
// access token, else the address; 'address' is always the address (TRUST_PROXY decides whether a proxy's
// header is believed). A limit counts by the key it is about: what a person does with their account follows
// the person (a studio behind one NAT is many people; one person moves between networks), what creates
// accounts follows the address (a session proves nothing about who may make the next account).
// Each default suits a person at work and stops a script; RATE_LIMIT_<NAME> raises (or lowers) the count.

export interface RateLimit {
  /** Requests allowed per window; the next one gets 429 with Retry-After until the window ends. */
  max: number;
  windowSeconds: number;
  /** The start of the 429's message: "<what> Try again in 40 seconds." */
  what: string;
  /**
   * Who is counted: the signed-in user, else the address ('client'); the address whoever asks ('address').
   */
  by: 'client' | 'address';
}

export const RATE_LIMITS = {
  /**
   * Every POST, PUT, PATCH and DELETE under /api that no other line names. By client: a person's own changes;
   * anonymous writes (sign-in, share unlock, signing) fall back to the address.
   */
  write: { max: 300, windowSeconds: 60, what: 'Too many changes in a short time.', by: 'client' },
  /**
   * The searchable lists: projects, clients, documents. By client: the lists are a signed-in user's own.
   */
  search: { max: 120, windowSeconds: 60, what: 'Too many searches in a short time.', by: 'client' },
  /**
   * Audio files, versions and avatars. By client: uploads need an account, and the storage they fill is its.
   */
  upload: { max: 300, windowSeconds: 600, what: 'Too many uploads in a short time.', by: 'client' },
  /**
   * The chunks of resumable uploads (PATCH /api/uploads/:id), checked once at creation like any upload
   * (`upload`); this only stops a script looping on one. By client: a 20 GiB file in 8 MiB chunks is 2,560
   * of them in a few minutes.
   */
  chunk: { max: 6000, windowSeconds: 60, what: 'Too many upload chunks in a short time.', by: 'client' },
  /**
   * Documents rendered to PDF (generated, edited, completed). By client: documents are an account's; the
   * server's CPU is what the count protects.
   */
  render: {
    max: 60,
    windowSeconds: 600,
    what: 'Too many documents generated in a short time.',
    by: 'client',
  },
  /**
   * Loudness masters of a version (each a render and two measurements). By client: masters are made by
   * signed-in editors of a project.
   */
  master: { max: 30, windowSeconds: 3600, what: 'Too many masters in a short time.', by: 'client' },
  /**
   * New accounts from one address (each mails a verification link to an address the caller typed). By
   * address, always: registering signs the new account in, so counting by user would give every new account
   * a fresh count, and a client that keeps cookies could create accounts without end.
   */
  register: {
    max: 5,
    windowSeconds: 3600,
    what: 'Too many accounts created from this address.',
    by: 'address',
  },
  /**
   * Project invitations: each one emails an address the caller typed. By client: invitations are sent by a
   * signed-in member, and each account has its own budget.
   */
  invite: { max: 60, windowSeconds: 3600, what: 'Too many invitations in a short time.', by: 'client' },
  /**
   * The account's data export, asked for and downloaded. By client: an export is of the signed-in account's
   * own data.
   */
  export: { max: 20, windowSeconds: 3600, what: 'Too many data exports in a short time.', by: 'client' },
  /**
   * The private release calendar feed, read by calendar apps without a session (the token in its address is
   * the credential). By address: it stops a script guessing feed addresses, and a calendar app polls a feed
   * every few minutes at most.
   */
  feed: {
    max: 60,
    windowSeconds: 60,
    what: 'Too many calendar feed requests in a short time.',
    by: 'address',
  },
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
  'POST /api/uploads': 'upload',
  'PATCH /api/uploads/:id': 'chunk',
  'DELETE /api/uploads/:id': 'chunk',
  'POST /api/documents/generate': 'render',
  'PUT /api/documents/:id': 'render',
  // A resend of a document everyone has signed finishes it (renders the final PDF), as the last signature does.
  'POST /api/documents/:id/send': 'render',
  'POST /api/sign/:token': 'render',
  'POST /api/projects/:id/tracks/:trackId/versions/:versionId/master': 'master',
  'POST /api/auth/register': 'register',
  // Single sign-on's start stores a one-time sign-in row and its callback spends one: counted as changes.
  'GET /api/auth/oidc/start': 'write',
  'GET /api/auth/oidc/callback': 'write',
  'POST /api/projects/:id/collaborators': 'invite',
  'POST /api/account/export': 'export',
  'GET /api/account/export/download': 'export',
  // Releases (issue #37): the label copy is a PDF render; artwork and CSV imports are uploads; the last
  // acceptance of a split renders and seals its sheet, as the last signature of a document does.
  'GET /api/releases/:id/label-copy.pdf': 'render',
  'PUT /api/releases/:id/artwork': 'upload',
  'POST /api/releases/import': 'upload',
  'POST /api/agree/:token/accept': 'render',
  'GET /api/calendar/:token': 'feed',
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
