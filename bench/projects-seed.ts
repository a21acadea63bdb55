// Data for bench:projects, written straight into the database: 50 users, 10,000 projects with 5 tracks each
// for the measured user (titles, descriptions, tags and enums spread like a real catalogue), a few projects
// for everyone else, and 20 projects shared with the measured user.
import { PROJECT_GENRES, PROJECT_STATUSES, PROJECT_TYPES } from '@mixdesk/contract/projects';
import type { Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.ts';
// The table declarations this seed writes to (type-only: they augment DB).
import type { UsersTable } from '../apps/server/src/modules/auth/tables.ts';
import type { TracksTable } from '../apps/server/src/modules/media/tables.ts';
import { searchTextOf } from '../apps/server/src/modules/projects/repo.ts';
import { newId } from '../apps/server/src/platform/ids.ts';
import { hashPassword } from '../apps/server/src/platform/security/passwords.ts';

const ADJECTIVES = [
  'Golden',
  'Midnight',
  'Electric',
  'Velvet',
  'Broken',
  'Silver',
  'Quiet',
  'Neon',
  'Wild',
  'Paper',
];
const NOUNS = [
  'Echoes',
  'Harbor',
  'Skyline',
  'Roads',
  'Letters',
  'Fever',
  'Rooms',
  'Tides',
  'Signals',
  'Hearts',
];
const PLACES = ['Berlin', 'Lagos', 'Austin', 'Lisbon', 'Seoul', 'Glasgow', 'Detroit', 'Kingston'];
const TAGS = [
  'analog',
  'vocals',
  'live',
  'stems',
  'vinyl',
  'remote',
  'strings',
  'tape',
  'atmos',
  'demo',
  'night',
];
const TRACK_STATUSES = ['idea', 'writing', 'recording', 'editing', 'mixing', 'mastering', 'done'];

/** A small deterministic generator, so every run measures the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function insertInBatches(
  db: Kysely<DB>,
  table: keyof DB & string,
  rows: object[],
  size: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    // Rows are built to each table's shape above; one helper serves every table.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

export async function seedProjectsBench(
  db: Kysely<DB>,
  opts: { projects: number; password: string; users?: number; tracksPerProject?: number },
) {
  const users = opts.users ?? 50;
  const tracksPerProject = opts.tracksPerProject ?? 5;
  const random = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const hash = await hashPassword(opts.password, { memoryCost: 19456, timeCost: 2 });
  const start = Date.parse('2024-01-01T00:00:00Z');
  const now = new Date().toISOString();

  const userRows: (Omit<UsersTable, 'verified'> & { verified: boolean })[] = Array.from(
    { length: users },
    (_, i) => ({
      id: newId(),
      name: i === 0 ? 'Bench Producer' : `Bench User ${i}`,
      email: `bench${i}@mixdesk.bench`,
      password_hash: hash,
      role: 'producer',
      verified: true,
      created_at: now,
      updated_at: now,
    }),
  );
  await insertInBatches(db, 'users', userRows, 50);
  const measured = userRows[0]!;

  const projectRows: Record<string, unknown>[] = [];
  // carry_comments: the column's default (on).
  const trackRows: Omit<TracksTable, 'carry_comments'>[] = [];
  const shared: string[] = [];
  const addProject = (ownerId: string, i: number, tracks: number) => {
    const id = newId();
    const title = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i}`;
    const description = `Recorded in ${pick(PLACES)} with ${pick(['a live band', 'a string quartet', 'a drum machine', 'friends'])}; ${pick(['late', 'early', 'long'])} sessions.`;
    const tags = [...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])].slice(0, 1 + Math.floor(random() * 3));
    const genre = [...new Set([pick(PROJECT_GENRES), pick(PROJECT_GENRES)])].slice(
      0,
      1 + Math.floor(random() * 2),
    );
    const at = new Date(start + Math.floor(random() * 600 * 24 * 3600 * 1000)).toISOString();
    projectRows.push({
      id,
      owner_id: ownerId,
      title,
      description,
      type: pick(PROJECT_TYPES),
      status: pick(PROJECT_STATUSES),
      genre: JSON.stringify(genre),
      target_release_date: null,
      record_label: random() < 0.4 ? 'Bench Records' : null,
      producer: 'Bench Producer',
      engineer: null,
      studio: random() < 0.5 ? `${pick(PLACES)} Studio` : null,
      tags: JSON.stringify(tags),
      track_count: tracks,
      total_duration: tracks * 215,
      total_file_size: tracks * 52_428_800,
      search_text: searchTextOf({ title, description, tags }),
      created_at: at,
      updated_at: at,
      last_activity_at: at,
    });
    for (let n = 1; n <= tracks; n++) {
      trackRows.push({
        id: newId(),
        project_id: id,
        position: n,
        title: `Track ${n}`,
        status: pick(TRACK_STATUSES),
        bpm: 70 + Math.floor(random() * 90),
        musical_key: null,
        isrc: null,
        notes: '',
        current_version_id: null,
        created_by: ownerId,
        created_at: at,
        updated_at: at,
      });
    }
    return id;
  };

  for (let i = 0; i < opts.projects; i++) addProject(measured.id, i, tracksPerProject);
  for (const other of userRows.slice(1)) {
    for (let i = 0; i < 5; i++) {
      const id = addProject(other.id, i, 2);
      if (shared.length < 20 && i === 0) shared.push(id);
    }
  }
  await insertInBatches(db, 'projects', projectRows, 400);
  await insertInBatches(db, 'tracks', trackRows, 1000);
  await insertInBatches(
    db,
    'project_collaborators',
    shared.map((project_id) => ({
      project_id,
      user_id: measured.id,
      permission: 'edit',
      role: 'Producer',
      created_at: now,
    })),
    100,
  );
  return {
    email: measured.email,
    userId: measured.id,
    users: userRows.length,
    projects: projectRows.length,
    tracks: trackRows.length,
  };
}
