// Works (issue #37): the compositions an owner keeps, with writers and publishers whose shares total 10,000
// basis points. A change to the parties of agreed or pending splits sends them (back) to pending and voids
// the round (agreements.ts). Only the owner sees or changes a work: anyone else's id answers as a missing one.

import type { SplitsStatus } from '@mixdesk/contract/catalog';
import {
  type Publisher,
  WORKS_PER_USER_MAX,
  type Work,
  type WorkData,
  type WorkSummary,
  type Writer,
} from '@mixdesk/contract/catalog';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { lockUserRow } from '../auth/public.ts';
import { findTrackRow } from '../media/public.ts';
import { latestRound, splitsChanged } from './agreements.ts';
import { checkClients, splitKey } from './parties.ts';
import * as repo from './repo.ts';

export async function presentWork(ctx: AppContext, row: repo.WorkRow): Promise<Work> {
  const recordings = [];
  for (const r of await repo.recordingsOfWork(ctx.db, row.id)) {
    const track = await findTrackRow(ctx.db, r.project_id, r.track_id);
    if (track) recordings.push({ projectId: r.project_id, trackId: r.track_id, title: track.title });
  }
  return {
    _id: row.id,
    title: row.title,
    iswc: row.iswc,
    writers: repo.parseList<Writer>(row.writers),
    publishers: repo.parseList<Publisher>(row.publishers),
    splitsStatus: row.splits_status as SplitsStatus,
    agreement: await latestRound(ctx.db, 'work', row.id),
    recordings,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const summaryOf = (row: repo.WorkRow): WorkSummary => ({
  _id: row.id,
  title: row.title,
  iswc: row.iswc,
  splitsStatus: row.splits_status as SplitsStatus,
  updatedAt: row.updated_at,
  writerNames: repo.parseList<Writer>(row.writers).map((w) => w.name),
});

export async function listWorks(ctx: AppContext, ownerId: string): Promise<WorkSummary[]> {
  return (await repo.worksOf(ctx.db, ownerId)).map(summaryOf);
}

export async function requireWork(ctx: AppContext, ownerId: string, id: string): Promise<repo.WorkRow> {
  const row = await repo.findWork(ctx.db, ownerId, id);
  if (!row) throw notFound('Work');
  return row;
}

export async function getWork(ctx: AppContext, ownerId: string, id: string): Promise<Work> {
  return presentWork(ctx, await requireWork(ctx, ownerId, id));
}

const workColumns = (data: WorkData) => ({
  title: data.title,
  iswc: data.iswc,
  writers: JSON.stringify(data.writers),
  publishers: JSON.stringify(data.publishers),
});

export async function createWork(ctx: AppContext, ownerId: string, data: WorkData): Promise<Work> {
  await checkClients(ctx.db, ownerId, { writers: data.writers, publishers: data.publishers });
  const now = nowIso();
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockUserRow(trx, ownerId);
    if ((await repo.countWorksOf(trx, ownerId)) >= WORKS_PER_USER_MAX)
      throw conflict(
        `You already have ${WORKS_PER_USER_MAX.toLocaleString('en-US')} works, the most one account can hold`,
      );
    await repo.insertWork(trx, {
      id,
      owner_id: ownerId,
      ...workColumns(data),
      splits_status: 'draft',
      created_at: now,
      updated_at: now,
    });
  });
  return getWork(ctx, ownerId, id);
}

export async function updateWork(
  ctx: AppContext,
  ownerId: string,
  id: string,
  data: WorkData,
): Promise<Work> {
  await requireWork(ctx, ownerId, id);
  await checkClients(ctx.db, ownerId, { writers: data.writers, publishers: data.publishers });
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findWork(trx, ownerId, id, ctx.dialect === 'postgres');
    if (!row) throw notFound('Work');
    const before = splitKey(repo.parseList(row.writers), repo.parseList(row.publishers));
    const changed = before !== splitKey(data.writers, data.publishers);
    const status = changed
      ? await splitsChanged(ctx, trx, {
          kind: 'work',
          id: row.id,
          ownerId,
          status: row.splits_status as SplitsStatus,
        })
      : row.splits_status;
    await repo.updateWork(trx, row.id, { ...workColumns(data), splits_status: status, updated_at: nowIso() });
  });
  return getWork(ctx, ownerId, id);
}

export async function deleteWork(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  if (!(await repo.deleteWork(ctx.db, ownerId, id))) throw notFound('Work');
}
