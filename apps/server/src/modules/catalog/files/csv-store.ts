// The CSV import (POST /api/releases/import): the file read and checked (csv-import.ts), then everything it
// holds made in the caller's account in one transaction: a project per project name, its tracks, the works,
// each track's recording and the release. Anything wrong, in the file or against the account (an ISRC one of my
// recordings already has, the limits on works and releases), refuses the whole file with the row numbers.

import { RELEASES_PER_USER_MAX, WORKS_PER_USER_MAX } from '@mixdesk/contract/catalog';
import { normalizeIsrc } from '@mixdesk/contract/media';
import { CreateProjectSchema, DEFAULT_PROJECT_GENRE } from '@mixdesk/contract/projects';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { newId, nowIso } from '../../../platform/ids.ts';
import { lockUserRow } from '../../auth/public.ts';
import { insertTrack, nextPosition, recomputeTotals } from '../../media/public.ts';
import { insertProject, searchTextOf } from '../../projects/public.ts';
import * as repo from '../repo.ts';
import { type CsvProblem, type ImportPlan, readReleaseCsv } from './csv-import.ts';

export interface ImportCounts {
  works: number;
  recordings: number;
  releases: number;
}

/** The refusal: a 400 whose details list every problem as `row N`. */
export function refused(problems: CsvProblem[]): AppError {
  const rows = [...new Set(problems.map((p) => p.row))];
  const first = problems[0]!;
  return new AppError(
    'VALIDATION_ERROR',
    `Nothing was imported: ${problems.length} problem${problems.length > 1 ? 's' : ''} in row${rows.length > 1 ? 's' : ''} ${rows.join(', ')}. Row ${first.row}: ${first.message}`,
    problems.map((p) => ({ path: `row ${p.row}`, message: `Row ${p.row}: ${p.message}` })),
  );
}

/** What the account already holds that the file would clash with or go past. */
async function accountProblems(trx: Kysely<DB>, ownerId: string, plan: ImportPlan): Promise<CsvProblem[]> {
  const problems: CsvProblem[] = [];
  for (const t of plan.tracks) {
    if (!t.recording.isrc) continue;
    const other = await repo.recordingWithIsrc(trx, ownerId, t.recording.isrc);
    if (other)
      problems.push({
        row: t.row,
        message: `ISRC ${t.recording.isrc} is already used by one of your recordings: each recording needs its own`,
      });
  }
  if ((await repo.countWorksOf(trx, ownerId)) + plan.works.length > WORKS_PER_USER_MAX)
    problems.push({
      row: 1,
      message: `Your account would hold more than ${WORKS_PER_USER_MAX.toLocaleString('en-US')} works`,
    });
  if ((await repo.countReleasesOf(trx, ownerId)) + 1 > RELEASES_PER_USER_MAX)
    problems.push({
      row: 1,
      message: `You already have ${RELEASES_PER_USER_MAX.toLocaleString('en-US')} releases, the most one account can hold`,
    });
  return problems;
}

async function makeProject(trx: Kysely<DB>, ownerId: string, title: string, now: string): Promise<string> {
  const input = CreateProjectSchema.parse({ title });
  const id = newId();
  await insertProject(trx, {
    id,
    owner_id: ownerId,
    title: input.title,
    description: null,
    type: input.type,
    status: input.status,
    genre: JSON.stringify([DEFAULT_PROJECT_GENRE]),
    target_release_date: null,
    record_label: null,
    producer: null,
    engineer: null,
    studio: null,
    tags: JSON.stringify([]),
    search_text: searchTextOf({ title: input.title, description: null, tags: [] }),
    created_at: now,
    updated_at: now,
    last_activity_at: now,
  });
  return id;
}

async function store(trx: Kysely<DB>, ownerId: string, plan: ImportPlan): Promise<ImportCounts> {
  const now = nowIso();
  const projectIds = new Map<string, string>();
  for (const name of plan.projects) projectIds.set(name, await makeProject(trx, ownerId, name, now));

  const workIds: string[] = [];
  for (const work of plan.works) {
    const id = newId();
    workIds.push(id);
    await repo.insertWork(trx, {
      id,
      owner_id: ownerId,
      title: work.title,
      iswc: work.iswc,
      writers: JSON.stringify(work.writers),
      publishers: JSON.stringify(work.publishers),
      splits_status: 'draft',
      created_at: now,
      updated_at: now,
    });
  }

  const lines = [];
  const lastOnDisc = new Map<number, number>();
  for (const [position, t] of plan.tracks.entries()) {
    const projectId = projectIds.get(t.project)!;
    const trackId = newId();
    const r = t.recording;
    await insertTrack(trx, {
      id: trackId,
      project_id: projectId,
      position: await nextPosition(trx, projectId),
      title: t.title,
      status: 'idea',
      bpm: r.bpm,
      musical_key: r.key,
      isrc: r.isrc ? normalizeIsrc(r.isrc) : null,
      notes: '',
      current_version_id: null,
      created_by: ownerId,
      created_at: now,
      updated_at: now,
    });
    await repo.insertRecording(trx, {
      id: newId(),
      owner_id: ownerId,
      project_id: projectId,
      track_id: trackId,
      work_id: t.work === null ? null : workIds[t.work]!,
      isrc: r.isrc,
      artists: JSON.stringify(r.artists),
      credits: JSON.stringify(r.credits),
      master_owners: JSON.stringify(r.masterOwners),
      bpm: r.bpm,
      musical_key: r.key,
      studio: r.studio,
      recorded_on: r.recordedOn,
      p_line_year: r.pLineYear,
      p_line_owner: r.pLineOwner,
      splits_status: 'draft',
      created_at: now,
      updated_at: now,
    });
    // As the release editor numbers them: a number left out follows the one before it on the same disc.
    const disc = t.disc ?? 1;
    const number = t.number ?? (lastOnDisc.get(disc) ?? 0) + 1;
    lastOnDisc.set(disc, number);
    lines.push({ position, project_id: projectId, track_id: trackId, disc, number });
  }
  for (const projectId of projectIds.values()) await recomputeTotals(trx, projectId);

  const releaseId = newId();
  const { release } = plan;
  await repo.insertRelease(trx, {
    id: releaseId,
    owner_id: ownerId,
    title: release.title,
    type: release.type,
    upc: release.upc,
    label: release.label,
    catalogue_number: release.catalogueNumber,
    release_date: release.releaseDate,
    c_line: release.cLine,
    artwork_key: null,
    artwork_format: null,
    artwork_width: null,
    artwork_height: null,
    artwork_size: null,
    created_at: now,
    updated_at: now,
  });
  await repo.replaceReleaseTracks(trx, releaseId, lines);
  return { works: plan.works.length, recordings: plan.tracks.length, releases: 1 };
}

/** Imports `text` into `ownerId`'s account, all of it or (with a 400 naming the rows) nothing. */
export async function importReleaseCsv(
  ctx: AppContext,
  ownerId: string,
  text: string,
): Promise<ImportCounts> {
  const result = readReleaseCsv(text);
  if (!result.ok) throw refused(result.problems);
  const { plan } = result;
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockUserRow(trx, ownerId);
    const problems = await accountProblems(trx, ownerId, plan);
    if (problems.length > 0) throw refused(problems.sort((a, b) => a.row - b.row));
    return store(trx, ownerId, plan);
  });
}
