// The comments area's part of a user's data: the export lists the comments they wrote (with where they
// are); deleting the account deletes them, and the replies to their threads, through the foreign keys.
import type { UserDataHandler } from '../../platform/context.ts';
import { presentComment } from './present.ts';
import { commentRowsOfAuthor, likesOf } from './repo.ts';

const CHUNK = 500;

export const commentsUserData: UserDataHandler = {
  area: 'comments',
  async exportData(ctx, userId) {
    const rows = await commentRowsOfAuthor(ctx.db, userId);
    const comments = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const slice = rows.slice(i, i + CHUNK);
      const likes = await likesOf(ctx.db, { commentIds: slice.map((r) => r.id) });
      for (const r of slice) comments.push(presentComment(r, likes.get(r.id) ?? []));
    }
    return { data: { comments } };
  },
  async deleteData() {
    // Nothing to do first: comments hold no stored files, and the user row's deletion cascades to them.
  },
};
