// What bench:scale writes for each account, made without randomness so every run measures the same data: the
// plan (how many of each), ids shaped like the app's UUIDv7 (time first) but derived from what a row is, so a
// track can name its current version before that version is written, and when each row happened.
// Every project has the same shape in both accounts (tracks, versions, comments per version, files), so a
// call about one project compares like with like and only the account around it grows.

export const TRACKS_PER_PROJECT = 5;
export const VERSIONS_PER_TRACK = 2;
export const COMMENTS_PER_VERSION = 10;
/** A project's collaborators, on the projects that have any (the "50 collaborators on some"). */
export const COLLABORATORS = 50;

/** The big account at BENCH_SCALE=1, as the issue asks. */
const FULL = {
  projects: 10_000,
  clients: 100_000,
  documents: 200_000,
  comments: 1_000_000,
  activities: 2_000_000,
};
/** Activity rows a document's audit trail records on average (created; sent; viewed: see seedDocuments in scale-seed.ts). */
export const EVENTS_PER_DOCUMENT = 16 / 7;
/**
 * Files per project: what is left of the 2,000,000 activity rows once the projects, tracks,
 * versions, comments and documents have recorded theirs (each file records one, file_uploaded).
 */
export const FILES_PER_PROJECT = Math.max(
  0,
  Math.round(
    (FULL.activities -
      FULL.documents * EVENTS_PER_DOCUMENT -
      FULL.projects * (1 + TRACKS_PER_PROJECT * (1 + VERSIONS_PER_TRACK * (1 + COMMENTS_PER_VERSION)))) /
      FULL.projects,
  ),
);

export interface Plan {
  /** Which account (in ids): 1 the big one, 2 the small one. */
  tag: number;
  label: 'big' | 'small';
  projects: number;
  clients: number;
  documents: number;
  notifications: number;
  /** Of its projects, how many have COLLABORATORS collaborators. */
  withCollaborators: number;
  /** Projects other people own and share with this account. */
  sharedWithMe: number;
}

export function plans(scale: number): [Plan, Plan] {
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  return [
    {
      tag: 1,
      label: 'big',
      projects: n(FULL.projects),
      clients: n(FULL.clients),
      documents: n(FULL.documents),
      notifications: n(50_000),
      withCollaborators: n(20),
      sharedWithMe: 20,
    },
    // Demo-sized: a handful of each.
    {
      tag: 2,
      label: 'small',
      projects: 5,
      clients: 20,
      documents: 10,
      notifications: 20,
      withCollaborators: 1,
      sharedWithMe: 1,
    },
  ];
}

/** What a plan comes to in rows (the activities its own rows record through the triggers included). */
export function expectedRows(p: Plan) {
  const tracks = p.projects * TRACKS_PER_PROJECT;
  const versions = tracks * VERSIONS_PER_TRACK;
  const comments = versions * COMMENTS_PER_VERSION;
  const files = p.projects * FILES_PER_PROJECT;
  const activities =
    p.projects + tracks + versions + comments + files + Math.round(p.documents * EVENTS_PER_DOCUMENT);
  return { tracks, versions, comments, files, activities };
}

export const Kind = {
  project: 1,
  track: 2,
  version: 3,
  comment: 4,
  file: 5,
  notification: 6,
  user: 7,
  document: 8,
  signer: 9,
  event: 10,
} as const;

/** A UUIDv7-shaped id: the row's time in the first 48 bits, then what the row is (kind, account, number). */
export function uid(ms: number, kind: number, tag: number, n: number): string {
  const time = Math.floor(ms).toString(16).padStart(12, '0');
  const k = kind.toString(16).padStart(3, '0');
  const a = (0x8000 | tag).toString(16);
  const num = n.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${k}-${a}-${num}`;
}

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
/** Every account's history: two years up to a day before the run. */
export const HISTORY_END = Date.now() - DAY;
export const HISTORY = 730 * DAY;
export const iso = (ms: number) => new Date(ms).toISOString();

/** Project i's first day: projects start one after another over the two years (newest last). */
export const projectStart = (p: Plan, i: number) =>
  HISTORY_END - HISTORY + Math.floor((i * HISTORY) / p.projects);
/** Spread `count` things over the history, the j-th at this time. */
export const spread = (j: number, count: number) =>
  HISTORY_END - HISTORY + Math.floor((j * HISTORY) / Math.max(1, count));

export const projectId = (p: Plan, i: number) => uid(projectStart(p, i), Kind.project, p.tag, i);
const trackIndex = (i: number, t: number) => i * TRACKS_PER_PROJECT + t;
const versionIndex = (i: number, t: number, v: number) => trackIndex(i, t) * VERSIONS_PER_TRACK + v;
export const trackAt = (p: Plan, i: number, t: number) => projectStart(p, i) + t * HOUR;
export const versionAt = (p: Plan, i: number, t: number, v: number) =>
  projectStart(p, i) + (TRACKS_PER_PROJECT + t * VERSIONS_PER_TRACK + v) * HOUR;
export const trackId = (p: Plan, i: number, t: number) =>
  uid(trackAt(p, i, t), Kind.track, p.tag, trackIndex(i, t));
export const versionId = (p: Plan, i: number, t: number, v: number) =>
  uid(versionAt(p, i, t, v), Kind.version, p.tag, versionIndex(i, t, v));
/** Comments take a day each (two hours apart) after the versions; files follow them. */
export const commentAt = (p: Plan, i: number, k: number) => projectStart(p, i) + DAY + k * 2 * HOUR;
const PER_PROJECT_COMMENTS = TRACKS_PER_PROJECT * VERSIONS_PER_TRACK * COMMENTS_PER_VERSION;
export const fileAt = (p: Plan, i: number, f: number) => commentAt(p, i, PER_PROJECT_COMMENTS) + f * 3 * HOUR;
export const lastActivity = (p: Plan, i: number) => fileAt(p, i, FILES_PER_PROJECT) + HOUR;

/** Projects that have COLLABORATORS collaborators: evenly spread, never the newest (the one measured). */
export function hasCollaborators(p: Plan, i: number): boolean {
  const step = Math.max(1, Math.floor(p.projects / p.withCollaborators));
  return i % step === 0 && i / step < p.withCollaborators && i !== p.projects - 1;
}
