// bench:scale's measurements: every call the two accounts make, each timed one request at a time (a p99 of
// service time, not of a queue), the small account's and the big one's requests alternating so both meet
// the same moment of this shared machine. Lists the server caches under a version (projects, clients,
// documents, the dashboard) have it bumped before each timed request, so every answer is computed; their
// first page is timed from the cache too, for reference.
import { CLIENT_ROLES, CLIENT_STATUSES } from '@mixdesk/contract/clients';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.ts';
import { SEARCH_TERM } from './clients-data.ts';
import { PROJECT_FILTER, PROJECT_SEARCH } from './scale-rows.ts';

/** What a call needs to know of an account. */
export interface Subject {
  label: 'small' | 'big';
  userId: string;
  headers: () => Promise<Record<string, string>>;
  /** The newest project: no collaborators, the same tracks, versions, comments and files as any other. */
  project: string;
  track: string;
  version: string;
  /** A project with its COLLABORATORS collaborators. */
  sharedProject: string;
  /** A client with linked projects. */
  client: string;
}

type Bump = (db: Kysely<DB>, userId: string) => Promise<unknown>;
export interface Call {
  name: string;
  path: (s: Subject, base: string) => string | Promise<string>;
  /** Makes the next answer computed: the version the server's cached copies are kept under moves on. */
  bump?: Bump;
}

const bumpProjects: Bump = (db, id) =>
  sql`update project_list_versions set version = version + 1 where user_id = ${id}`.execute(db);
const bumpClients: Bump = (db, id) =>
  sql`update client_network_stats set version = version + 1 where owner_id = ${id}`.execute(db);
const bumpDocuments: Bump = (db, id) =>
  sql`update document_list_versions set version = version + 1 where owner_id = ${id}`.execute(db);
const bumpDashboard: Bump = (db, id) =>
  sql`insert into dashboard_versions (user_id, version) values (${id}, 1)
    on conflict (user_id) do update set version = dashboard_versions.version + 1`.execute(db);

/** The deepest page up to 200 (a demo-sized account has one page: its deep page is its last). */
async function deepPage(s: Subject, base: string, list: string, limit: string): Promise<string> {
  const sep = list.includes('?') ? '&' : '?';
  const res = await fetch(`${base}${list}${sep}${limit}`, { headers: await s.headers() });
  if (res.status !== 200) throw new Error(`GET ${list} answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { data: { pagination: { totalPages: number } } };
  return `${list}${sep}${limit}&page=${Math.min(200, Math.max(1, body.data.pagination.totalPages))}`;
}

/**
 * A list's first page, a search (a common term, and a rare one: SQLite reads them differently, sql-helpers.ts
 * `searchReadsIndex`) and a filter (when the route has them), and a deep page.
 */
function list(
  name: string,
  path: (s: Subject) => string,
  o: { limit: string; search?: string; rare?: string; filter?: string; bump?: Bump },
): Call[] {
  const q = (s: Subject, extra: string) => `${path(s)}${path(s).includes('?') ? '&' : '?'}${o.limit}${extra}`;
  const calls: Call[] = [{ name: `${name} (first page)`, path: (s) => q(s, ''), bump: o.bump }];
  if (o.bump) calls.push({ name: `${name} (first page, cached)`, path: (s) => q(s, '') });
  if (o.search) calls.push({ name: `  … ${o.search}`, path: (s) => q(s, `&${o.search}`), bump: o.bump });
  if (o.rare) calls.push({ name: `  … ${o.rare} (rare)`, path: (s) => q(s, `&${o.rare}`), bump: o.bump });
  if (o.filter) calls.push({ name: `  … ${o.filter}`, path: (s) => q(s, `&${o.filter}`), bump: o.bump });
  calls.push({ name: '  … deep page', path: (s, base) => deepPage(s, base, path(s), o.limit), bump: o.bump });
  return calls;
}

const P = '/api/projects';
export const CALLS: Call[] = [
  ...list('GET /api/projects', () => P, {
    limit: 'limit=12',
    search: `search=${PROJECT_SEARCH}`,
    filter: `type=${PROJECT_FILTER.type}&status=${PROJECT_FILTER.status}`,
    bump: bumpProjects,
  }),
  ...list('GET /api/clients', () => '/api/clients', {
    limit: 'limit=12',
    search: `search=${SEARCH_TERM}`,
    // One client's email in the big account (clients-data.ts numbers them), none in the small one.
    rare: 'search=31337',
    filter: `role=${CLIENT_ROLES[0]}&status=${CLIENT_STATUSES[0]}`,
    bump: bumpClients,
  }),
  ...list('GET /api/documents', () => '/api/documents', {
    limit: 'limit=12',
    search: 'search=neon',
    // One document's number in the big account (scale-seed.ts: doc-s1-123456), none in the small one.
    rare: 'search=123456',
    filter: 'status=sent&type=invoice',
    bump: bumpDocuments,
  }),
  { name: 'GET /api/dashboard', path: () => '/api/dashboard', bump: bumpDashboard },
  { name: 'GET /api/dashboard (cached)', path: () => '/api/dashboard' },
  ...list('GET /api/activity (my feed)', () => '/api/activity', { limit: 'limit=20' }),
  ...list('GET /api/notifications', () => '/api/notifications', { limit: 'limit=20', filter: 'unread=true' }),
  { name: 'GET /api/projects/:id', path: (s) => `${P}/${s.project}` },
  { name: 'GET /api/projects/:id (50 collaborators)', path: (s) => `${P}/${s.sharedProject}` },
  { name: '  …/:id/collaborators (50)', path: (s) => `${P}/${s.sharedProject}/collaborators` },
  ...list('GET /api/projects/:id/activity', (s) => `${P}/${s.project}/activity`, { limit: 'limit=20' }),
  { name: 'GET …/:id/tracks', path: (s) => `${P}/${s.project}/tracks` },
  { name: 'GET …/tracks/:id/versions', path: (s) => `${P}/${s.project}/tracks/${s.track}/versions` },
  {
    name: 'GET …/versions/:id/comments',
    path: (s) => `${P}/${s.project}/tracks/${s.track}/versions/${s.version}/comments`,
  },
  { name: 'GET …/:id/files', path: (s) => `${P}/${s.project}/files` },
  { name: '  … ?category=stems', path: (s) => `${P}/${s.project}/files?category=stems` },
  { name: 'GET …/:id/share-links', path: (s) => `${P}/${s.project}/share-links` },
  { name: 'GET /api/clients/:id/projects', path: (s) => `/api/clients/${s.client}/projects` },
  { name: 'GET /api/documents/auto-populate/sources', path: () => '/api/documents/auto-populate/sources' },
  { name: 'GET /api/invitations', path: () => '/api/invitations' },
  { name: 'GET /api/account/sessions', path: () => '/api/account/sessions' },
];

export interface Percentiles {
  n: number;
  p50: number;
  p99: number;
}
export interface Row {
  name: string;
  small: Percentiles;
  big: Percentiles;
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
  return { n: sorted.length, p50: rank(0.5), p99: rank(0.99) };
}

/** One timed request; a non-2xx answer is an error, not a figure. */
async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`GET ${url} answered ${res.status}: ${Buffer.from(body).toString()}`);
  return ms;
}

export async function measureCall(
  call: Call,
  base: string,
  db: Kysely<DB>,
  subjects: [Subject, Subject],
  o: { requests: number; warmup: number; maxSeconds: number },
): Promise<Row> {
  const urls = await Promise.all(subjects.map(async (s) => `${base}${await call.path(s, base)}`));
  const samples: [number[], number[]] = [[], []];
  const one = async (i: 0 | 1, keep: boolean) => {
    const s = subjects[i];
    await call.bump?.(db, s.userId);
    const ms = await timed(urls[i]!, await s.headers());
    if (keep) samples[i].push(ms);
  };
  // The first of the warm-up checks each URL answers 200 before it is measured.
  for (let w = 0; w < o.warmup; w++) for (const i of [0, 1] as const) await one(i, false);
  const deadline = performance.now() + o.maxSeconds * 1000;
  for (let r = 0; r < o.requests && (r < 30 || performance.now() < deadline); r++)
    for (const i of [0, 1] as const) await one(i, true);
  return { name: call.name, small: percentiles(samples[0]), big: percentiles(samples[1]) };
}

export const BARS = { p99Ms: 50, ratio: 3 };

/** Prints one dialect's table; returns the names of the calls that miss a bar. */
export function printRows(title: string, rows: Row[]): string[] {
  const f = (ms: number) => ms.toFixed(1).padStart(7);
  console.log(
    `\n${title}\n${'call'.padEnd(46)} ${'n'.padStart(4)} ${'small p50'.padStart(9)} ${'p99'.padStart(7)} ${'big p50'.padStart(9)} ${'p99'.padStart(7)} ${'ratio'.padStart(6)} ${'(p50)'.padStart(6)}  bars (p99 < ${BARS.p99Ms} ms, p99 ratio ≤ ${BARS.ratio})`,
  );
  const misses: string[] = [];
  let parent = '';
  for (const r of rows) {
    // "  … deep page" is read under the call above it; the summary names it in full.
    const sub = r.name.startsWith('  …');
    if (!sub) parent = r.name.replace(/ \(first page.*\)$/, '');
    const full = sub ? `${parent} ${r.name.trim().slice(2)}` : r.name;
    const ratio = r.big.p99 / r.small.p99;
    const slow = Math.max(r.small.p99, r.big.p99) >= BARS.p99Ms;
    const grows = ratio > BARS.ratio;
    const verdict = [slow ? 'p99 MISSES' : '', grows ? 'ratio MISSES' : ''].filter(Boolean).join(', ');
    if (verdict) misses.push(`${full} (${verdict})`);
    console.log(
      `${r.name.padEnd(46)} ${String(r.big.n).padStart(4)} ${f(r.small.p50).padStart(9)} ${f(r.small.p99)} ${f(r.big.p50).padStart(9)} ${f(r.big.p99)} ${ratio.toFixed(2).padStart(6)} ${(r.big.p50 / r.small.p50).toFixed(2).padStart(6)}  ${verdict || 'ok'}`,
    );
  }
  console.log(
    'n: timed requests per account; ratio: big p99 / small p99 (the bar); (p50): the same of the p50s, to tell growth from a stray slow request',
  );
  return misses;
}
