// A version's stem set (issue #36): audio files uploaded as a version's are (sniffed, probed, within the
// owner's quota, counted in the project's bytes), named uniquely per version, at most STEMS_PER_VERSION_MAX of
// them, each change queueing the version's null test in its transaction.
import {
  STEMS_PER_VERSION_MAX,
  type Stem,
  StemUploadFieldsSchema,
  type UpdateStemSchema,
} from '@mixdesk/contract/stems';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { audioUpload } from './audio-upload.ts';
import { countStems, queueNullTest, readNullTest } from './null-test.ts';
import { uploadAllowance } from './quota.ts';
import * as repo from './repo.ts';
import { nameFromFile, normalRole, uniqueName } from './stem-names.ts';
import { presentStems } from './stems-present.ts';
import * as stems from './stems-repo.ts';
import { inProjectTransaction, removeObjects, uploadFailure } from './tracks-service.ts';
import { type OpenUpload, parseFields, uploadLimit } from './upload.ts';
import { requireVersion } from './versions-service.ts';

interface VersionIds {
  projectId: string;
  trackId: string;
  versionId: string;
}
type StemIds = VersionIds & { stemId: string };

/** The stored object of a stem: a new one for each upload (a replaced stem's audio too). */
export const stemKey = (projectId: string, objectId: string) => `projects/${projectId}/stems/${objectId}`;

const full = () =>
  conflict(`A version holds at most ${STEMS_PER_VERSION_MAX} stems. Delete or replace one to add another.`);

/** Refuses a new stem when the version already holds the most it may (before its bytes, and in the transaction). */
export async function assertStemRoom(db: Kysely<DB>, versionId: string): Promise<void> {
  if ((await countStems(db, versionId)) >= STEMS_PER_VERSION_MAX) throw full();
}

async function requireStem(ctx: AppContext, userId: string, ids: StemIds, need: 'view' | 'edit') {
  const found = await requireVersion(ctx, userId, ids, need);
  const stem = await stems.findStemRow(ctx.db, found.version.id, ids.stemId);
  if (!stem) throw notFound('Stem');
  return { ...found, stem };
}

type MixRow = NonNullable<Awaited<ReturnType<typeof repo.findVersionRow>>>;

/** One stem as the API shows it, with its issues against the mix and the version's other stems. */
async function presentOne(db: Kysely<DB>, version: MixRow, stemId: string): Promise<Stem> {
  const stem = presentStems(version, await stems.stemsOfVersion(db, version.id)).find(
    (s) => s._id === stemId,
  );
  if (!stem) throw notFound('Stem');
  return stem;
}

export async function listStems(ctx: AppContext, userId: string, ids: VersionIds) {
  const { version } = await requireVersion(ctx, userId, ids, 'view');
  const rows = await stems.stemsOfVersion(ctx.db, version.id);
  return {
    stems: presentStems(version, rows),
    nullTest: await readNullTest(ctx.db, version.id, rows.length),
    limit: STEMS_PER_VERSION_MAX,
  };
}

/** The stem an upload with this id already became (a retried resumable upload's job); null when none. */
export async function madeStem(ctx: AppContext, ids: VersionIds, uploadId: string): Promise<Stem | null> {
  const version = await repo.findVersionRow(ctx.db, ids.trackId, ids.versionId);
  if (!version || version.project_id !== ids.projectId) return null;
  const row = await stems.stemWithKey(ctx.db, version.id, stemKey(version.project_id, uploadId));
  return row ? presentOne(ctx.db, version, row.id) : null;
}

/**
 * Uploads a stem of a version, or new audio for one of its stems (`replace`: the stem keeps its id, and its
 * name and role unless given; its old audio goes once the new one is recorded).
 */
export async function uploadStem(
  ctx: AppContext,
  userId: string,
  ids: VersionIds,
  openUpload: OpenUpload,
): Promise<{ stem: Stem }> {
  const { project, track, version } = await requireVersion(ctx, userId, ids, 'edit');
  const allowance = await uploadAllowance(ctx, project.owner_id, uploadLimit(ctx));
  const upload = await openUpload();
  const fields = parseFields(StemUploadFieldsSchema, upload);
  try {
    if (fields.replace === undefined) await assertStemRoom(ctx.db, version.id);
    else if (!(await stems.findStemRow(ctx.db, version.id, fields.replace))) throw notFound('Stem');
  } catch (err) {
    upload.discard();
    throw err;
  }
  const objectId = upload.id ?? newId();
  const key = stemKey(project.id, objectId);
  const stored = audioUpload(ctx, upload, key, allowance);
  try {
    const { size, info } = await stored.store();
    const audio = {
      storage_key: key,
      original_name: upload.fileName,
      mime: info.mime,
      format: info.format,
      size,
      duration: info.duration,
      frames: info.frames,
      sample_rate: info.sampleRate,
      bit_depth: info.bitDepth,
      channels: info.channels,
      uploaded_by: userId,
      created_at: nowIso(),
    };

    const { result } = await inProjectTransaction(
      ctx,
      project.id,
      async (trx) => {
        if (!(await repo.findVersionRow(trx, track.id, version.id))) throw notFound('Version');
        const taken = new Set(await stems.stemNamesOfVersion(trx, version.id));
        let made: { id: string; oldKey: string | null };
        if (fields.replace !== undefined) {
          const old = await stems.findStemRow(trx, version.id, fields.replace);
          if (!old) throw notFound('Stem');
          taken.delete(old.name);
          await stems.updateStemRow(trx, old.id, {
            ...audio,
            ...(fields.name === undefined ? {} : { name: uniqueName(fields.name, taken) }),
            ...(fields.role === undefined ? {} : { role: normalRole(fields.role) }),
          });
          made = { id: old.id, oldKey: old.storage_key };
        } else {
          await assertStemRoom(trx, version.id);
          await stems.insertStem(trx, {
            id: objectId,
            version_id: version.id,
            track_id: track.id,
            project_id: project.id,
            name: uniqueName(fields.name ?? nameFromFile(upload.fileName), taken),
            role: normalRole(fields.role),
            ...audio,
          });
          made = { id: objectId, oldKey: null };
        }
        await queueNullTest(trx, { versionId: version.id, projectId: project.id });
        return made;
      },
      { quotaOf: project.owner_id },
    );
    // The replaced audio goes after the row names the new one: a crash between leaves an object nobody names.
    if (result.oldKey) await removeObjects(ctx, [result.oldKey]);
    jobQueue(ctx).kick();
    return { stem: await presentOne(ctx.db, version, result.id) };
  } catch (err) {
    await stored.abandon();
    throw await uploadFailure(ctx, project.id, err);
  }
}

export async function updateStem(
  ctx: AppContext,
  userId: string,
  ids: StemIds,
  input: z.output<typeof UpdateStemSchema>,
): Promise<{ stem: Stem }> {
  const { project, version, stem } = await requireStem(ctx, userId, ids, 'edit');
  await inProjectTransaction(ctx, project.id, async (trx) => {
    const row = await stems.findStemRow(trx, version.id, stem.id);
    if (!row) throw notFound('Stem');
    const taken = new Set(await stems.stemNamesOfVersion(trx, version.id));
    taken.delete(row.name);
    await stems.updateStemRow(trx, row.id, {
      // A name another stem has is made unique, as an upload's is.
      ...(input.name === undefined ? {} : { name: uniqueName(input.name, taken) }),
      ...(input.role === undefined ? {} : { role: normalRole(input.role) }),
    });
  });
  return { stem: await presentOne(ctx.db, version, stem.id) };
}

export async function deleteStem(ctx: AppContext, userId: string, ids: StemIds): Promise<{ stem: Stem }> {
  const { project, version, stem } = await requireStem(ctx, userId, ids, 'edit');
  const gone = await presentOne(ctx.db, version, stem.id);
  const { result: key } = await inProjectTransaction(ctx, project.id, async (trx) => {
    const row = await stems.findStemRow(trx, version.id, stem.id);
    if (!row) throw notFound('Stem');
    await stems.deleteStemRow(trx, row.id);
    await queueNullTest(trx, { versionId: version.id, projectId: project.id });
    return row.storage_key;
  });
  // Bytes after the row: a failure here leaves an object nobody names (the sweeper's), never a row without one.
  await removeObjects(ctx, [key]);
  jobQueue(ctx).kick();
  return { stem: gone };
}

/** Where a stem's audio is, for the streaming endpoint (anyone who may view the project may play it). */
export async function stemAudio(ctx: AppContext, userId: string, ids: StemIds) {
  const { stem } = await requireStem(ctx, userId, ids, 'view');
  return stem;
}
