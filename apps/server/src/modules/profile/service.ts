// The profile area's rules: read and update one's own profile, the avatar, and other users' profiles as their
// privacy settings allow (public: anyone signed in; collaborators: people who share a project; private: nobody).
import type { Readable } from 'node:stream';
import type { Profile, ProfileUpdateBodySchema, PublicProfile } from '@mixdesk/contract/profile';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { nowIso } from '../../platform/ids.ts';
import { forgetUserSessions } from '../../platform/security/session-cache.ts';
import { bumpDashboardsShowingActor } from '../activity/public.ts';
import { findUserById, renameUser, type UserRow } from '../auth/public.ts';
import { openAvatar, removeAvatarFile, saveAvatar } from './avatar-files.ts';
import {
  defaultProfileRow,
  findProfileRow,
  genresOf,
  lockedAvatarKey,
  type ProfileChanges,
  type ProfileRow,
  profileStats,
  shareAProject,
  takeAvatarKey,
  upsertProfileFields,
} from './repo.ts';

type ProfileUpdate = z.output<typeof ProfileUpdateBodySchema>;

async function load(ctx: AppContext, userId: string): Promise<{ user: UserRow; row: ProfileRow }> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('User');
  const row = (await findProfileRow(ctx.db, userId)) ?? defaultProfileRow(userId, user.created_at);
  return { user, row };
}

/** The avatar's URL; the version makes a browser fetch the new image after a change. */
export function avatarUrl(userId: string, row: ProfileRow): string | null {
  if (!row.avatar_key) return null;
  const version = Date.parse(row.avatar_updated_at ?? '') || 0;
  return `/api/users/${userId}/avatar?v=${version.toString(36)}`;
}

async function present(ctx: AppContext, user: UserRow, row: ProfileRow): Promise<Profile> {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: row.phone,
    location: row.location,
    bio: row.bio,
    profession: row.profession,
    experience: row.experience,
    genres: genresOf(row),
    avatar: avatarUrl(user.id, row),
    memberSince: user.created_at,
    ...(await profileStats(ctx.db, user.id)),
    emailNotifications: Boolean(row.email_notifications),
    projectNotifications: Boolean(row.project_notifications),
    collaborationNotifications: Boolean(row.collaboration_notifications),
    marketingEmails: Boolean(row.marketing_emails),
    profileVisibility: row.profile_visibility as Profile['profileVisibility'],
    showEmail: Boolean(row.show_email),
    showPhone: Boolean(row.show_phone),
    showLocation: Boolean(row.show_location),
  };
}

export async function getProfile(ctx: AppContext, userId: string): Promise<Profile> {
  const { user, row } = await load(ctx, userId);
  return present(ctx, user, row);
}

/** Applies the fields that were sent; the name lives on the user, the rest on the profile row. */
export async function updateProfile(ctx: AppContext, userId: string, input: ProfileUpdate): Promise<Profile> {
  await load(ctx, userId);
  const now = nowIso();
  const changes: ProfileChanges = {
    phone: input.phone,
    location: input.location,
    bio: input.bio,
    profession: input.profession,
    experience: input.experience,
    genres: input.genres ? JSON.stringify(input.genres) : undefined,
    email_notifications: input.emailNotifications,
    project_notifications: input.projectNotifications,
    collaboration_notifications: input.collaborationNotifications,
    marketing_emails: input.marketingEmails,
    profile_visibility: input.profileVisibility,
    show_email: input.showEmail,
    show_phone: input.showPhone,
    show_location: input.showLocation,
    updated_at: now,
  };
  const sent = Object.fromEntries(
    Object.entries(changes).filter(([, v]) => v !== undefined),
  ) as ProfileChanges;
  await ctx.db.transaction().execute(async (trx) => {
    if (input.name !== undefined) {
      await renameUser(trx, userId, input.name, now);
      await bumpDashboardsShowingActor(trx, userId);
    }
    await upsertProfileFields(trx, userId, sent);
  });
  if (input.name !== undefined) forgetUserSessions(userId);
  return getProfile(ctx, userId);
}

export async function setAvatar(ctx: AppContext, userId: string, upload: Readable): Promise<Profile> {
  await load(ctx, userId);
  const saved = await saveAvatar(ctx, upload);
  let previous: string | null;
  try {
    previous = await ctx.db.transaction().execute(async (trx) => {
      const old = await lockedAvatarKey(trx, ctx.dialect, userId);
      const now = nowIso();
      await upsertProfileFields(trx, userId, {
        avatar_key: saved.key,
        avatar_mime: saved.mime,
        avatar_updated_at: now,
        updated_at: now,
      });
      return old;
    });
  } catch (err) {
    await removeAvatarFile(ctx, saved.key);
    throw err;
  }
  await removeAvatarFile(ctx, previous);
  return getProfile(ctx, userId);
}

export async function removeAvatar(ctx: AppContext, userId: string): Promise<Profile> {
  await removeAvatarFile(ctx, await takeAvatarKey(ctx.db, ctx.dialect, userId, nowIso()));
  return getProfile(ctx, userId);
}

/** Throws unless the viewer may see the target's profile. */
async function assertCanView(ctx: AppContext, viewerId: string, targetId: string, row: ProfileRow) {
  if (viewerId === targetId || row.profile_visibility === 'public') return;
  if (row.profile_visibility === 'collaborators') {
    if (await shareAProject(ctx.db, viewerId, targetId)) return;
    throw new AppError('FORBIDDEN', 'This profile is visible to collaborators only');
  }
  throw new AppError('FORBIDDEN', 'This profile is private');
}

export async function getPublicProfile(
  ctx: AppContext,
  viewerId: string,
  targetId: string,
): Promise<PublicProfile> {
  const { user, row } = await load(ctx, targetId);
  await assertCanView(ctx, viewerId, targetId, row);
  const self = viewerId === targetId;
  return {
    _id: user.id,
    name: user.name,
    avatar: avatarUrl(user.id, row),
    bio: row.bio,
    profession: row.profession,
    experience: row.experience,
    genres: genresOf(row),
    memberSince: user.created_at,
    ...(self || row.show_email ? { email: user.email } : {}),
    ...(self || row.show_phone ? { phone: row.phone } : {}),
    ...(self || row.show_location ? { location: row.location } : {}),
  };
}

export async function getAvatar(ctx: AppContext, viewerId: string, targetId: string) {
  const { row } = await load(ctx, targetId);
  await assertCanView(ctx, viewerId, targetId, row);
  if (!row.avatar_key || !row.avatar_mime) throw notFound('Avatar');
  return { stream: await openAvatar(ctx, row.avatar_key), mime: row.avatar_mime };
}
