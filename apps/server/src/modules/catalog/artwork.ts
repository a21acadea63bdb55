// A release's artwork: the image itself (checked by artwork-check.ts before it is kept), stored beside the
// release's row, replaced whole, removed with the release.
import { Readable } from 'node:stream';
import type { Release } from '@mixdesk/contract/catalog';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { ARTWORK_MAX_BYTES, checkArtwork } from './artwork-check.ts';
import { getRelease, requireRelease } from './releases.ts';
import * as repo from './repo.ts';

export async function putArtwork(
  ctx: AppContext,
  ownerId: string,
  id: string,
  body: unknown,
): Promise<Release> {
  const row = await requireRelease(ctx, ownerId, id);
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the image itself as the body (Content-Type: image/jpeg or image/png)',
    );
  const verdict = checkArtwork(body);
  if (!verdict.ok)
    throw new AppError(verdict.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'UNPROCESSABLE', verdict.message);
  const { shape } = verdict;
  // Keys are lower-case words and hyphens only (platform/storage): the format is kept in its own column.
  const key = `artwork/${row.id}/${newId()}`;
  await ctx.storage.put(key, Readable.from([body]), { maxBytes: ARTWORK_MAX_BYTES });
  await repo.updateRelease(ctx.db, row.id, {
    artwork_key: key,
    artwork_format: shape.format,
    artwork_width: shape.width,
    artwork_height: shape.height,
    artwork_size: body.length,
    updated_at: nowIso(),
  });
  if (row.artwork_key) await ctx.storage.remove(row.artwork_key).catch(() => {});
  return getRelease(ctx, ownerId, row.id);
}

export async function removeArtwork(ctx: AppContext, ownerId: string, id: string): Promise<Release> {
  const row = await requireRelease(ctx, ownerId, id);
  if (row.artwork_key) {
    await repo.updateRelease(ctx.db, row.id, {
      artwork_key: null,
      artwork_format: null,
      artwork_width: null,
      artwork_height: null,
      artwork_size: null,
      updated_at: nowIso(),
    });
    await ctx.storage.remove(row.artwork_key).catch(() => {});
  }
  return getRelease(ctx, ownerId, row.id);
}

export async function artworkFile(ctx: AppContext, ownerId: string, id: string) {
  const row = await requireRelease(ctx, ownerId, id);
  if (!row.artwork_key) throw new AppError('NOT_FOUND', 'This release has no artwork yet');
  return {
    stream: await ctx.storage.get(row.artwork_key),
    type: row.artwork_format === 'png' ? 'image/png' : 'image/jpeg',
    size: Number(row.artwork_size ?? 0),
    name: `${row.title || 'artwork'}.${row.artwork_format === 'png' ? 'png' : 'jpg'}`,
  };
}
