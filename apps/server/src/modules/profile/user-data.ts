// The profile area's share of an account export and of deleting an account: the avatar image.
import type { Readable } from 'node:stream';
import type { Profile } from '@mixdesk/contract/profile';
import type { AppContext } from '../../platform/context.ts';
import { nowIso } from '../../platform/ids.ts';
import { openAvatar, removeAvatarFile } from './avatar-files.ts';
import { findProfileRow, takeAvatarKey } from './repo.ts';

const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The avatar as an export entry, when there is one. */
export async function exportAvatar(ctx: AppContext, userId: string, profile: Pick<Profile, 'avatar'>) {
  if (!profile.avatar) return null;
  const row = await findProfileRow(ctx.db, userId);
  if (!row?.avatar_key) return null;
  const key = row.avatar_key;
  return {
    path: `profile/avatar.${EXTENSION[row.avatar_mime ?? ''] ?? 'img'}`,
    storageKey: key,
    open: (): Promise<Readable> => openAvatar(ctx, key),
  };
}

/** Runs before the user row goes: the avatar's row is cleared first, then its file removed. */
export async function deleteProfileFiles(ctx: AppContext, userId: string): Promise<void> {
  await removeAvatarFile(ctx, await takeAvatarKey(ctx.db, ctx.dialect, userId, nowIso()));
}
