// The catalog area's part of a user's data: the export holds their works, recordings and releases (with the
// artwork files and sealed split sheets); deleting the account removes those objects, then the rows.
import type { UserDataHandler } from '../../platform/context.ts';
import { presentRecording } from './recordings.ts';
import { presentRelease } from './releases.ts';
import * as repo from './repo.ts';
import { presentWork } from './works.ts';

async function roundSheetKeysOf(db: Parameters<typeof repo.worksOf>[0], ownerId: string) {
  const rows = await db
    .selectFrom('agreement_rounds')
    .select(['id', 'sheet_key'])
    .where('owner_id', '=', ownerId)
    .where('sheet_key', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.sheet_key ? [{ id: r.id, key: r.sheet_key }] : []));
}

export const catalogUserData: UserDataHandler = {
  area: 'catalog',
  async exportData(ctx, userId) {
    const works = await Promise.all((await repo.worksOf(ctx.db, userId)).map((row) => presentWork(ctx, row)));
    const recordingRows = await ctx.db
      .selectFrom('recordings')
      .selectAll()
      .where('owner_id', '=', userId)
      .execute();
    const recordings = await Promise.all(recordingRows.map((row) => presentRecording(ctx.db, row, '')));
    const releaseRows = await repo.releasesOf(ctx.db, userId);
    const releases = await Promise.all(releaseRows.map((row) => presentRelease(ctx.db, row)));
    const files = [
      ...releaseRows.flatMap((r) =>
        r.artwork_key
          ? [
              {
                path: `releases/${r.id}/artwork.${r.artwork_format === 'png' ? 'png' : 'jpg'}`,
                storageKey: r.artwork_key,
              },
            ]
          : [],
      ),
      ...(await roundSheetKeysOf(ctx.db, userId)).map((s) => ({
        path: `splits/${s.id}.pdf`,
        storageKey: s.key,
      })),
    ];
    return { data: { works, recordings, releases }, files };
  },
  async deleteData(ctx, userId) {
    const keys = [
      ...(await repo.artworkKeysOf(ctx.db, userId)).flatMap((r) => (r.artwork_key ? [r.artwork_key] : [])),
      ...(await roundSheetKeysOf(ctx.db, userId)).map((s) => s.key),
    ];
    for (const key of keys) await ctx.storage.remove(key).catch(() => {});
    await ctx.db.deleteFrom('releases').where('owner_id', '=', userId).execute();
    await ctx.db.deleteFrom('recordings').where('owner_id', '=', userId).execute();
    await ctx.db.deleteFrom('works').where('owner_id', '=', userId).execute();
    await ctx.db.deleteFrom('agreement_rounds').where('owner_id', '=', userId).execute();
    await ctx.db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  },
};
