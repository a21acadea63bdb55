// Rows to the API's Comment (packages/contract/src/comments.ts): the same object the HTTP answers and the
// socket events carry.
import type { Comment, CommentAuthor } from '@mixdesk/contract/comments';
import { avatarUrl, defaultProfileRow } from '../profile/public.ts';
import type { CommentRow } from './repo.ts';

/** The name a guest's comment shows when the link gave none. */
const GUEST = 'Guest';

/** A placeholder's author: nobody (its author took their name off with their words). */
const NOBODY: CommentAuthor = { _id: null, name: '', avatarUrl: null, guest: false };

function authorOf(row: CommentRow): CommentAuthor {
  if (row.deleted_at) return NOBODY;
  if (!row.author_id) return { _id: null, name: row.guest_name ?? GUEST, avatarUrl: null, guest: true };
  // A private profile's avatar is refused to everyone else, so its URL is not handed out.
  const avatar =
    row.avatar_key && row.profile_visibility !== 'private'
      ? avatarUrl(row.author_id, {
          ...defaultProfileRow(row.author_id, row.created_at),
          avatar_key: row.avatar_key,
          avatar_updated_at: row.avatar_updated_at,
        })
      : null;
  return { _id: row.author_id, name: row.author_name ?? '', avatarUrl: avatar, guest: false };
}

export function presentComment(row: CommentRow, likedBy: string[]): Comment {
  return {
    _id: row.id,
    projectId: row.project_id,
    trackId: row.track_id,
    versionId: row.version_id,
    parentId: row.parent_id,
    body: row.body,
    at: Number(row.at_sec),
    end: row.end_sec === null ? null : Number(row.end_sec),
    author: authorOf(row),
    likes: likedBy.length,
    likedBy,
    resolved: row.resolved_at !== null,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deleted: row.deleted_at !== null,
  };
}
