// The share-links area's part of a user's data: the export lists the links they made (what each shares and
// its figures, never a token: only hashes are kept). Deleting the account leaves the links with their projects,
// whose owner and editors still manage them; `created_by` is cleared by its foreign key.
import type { UserDataHandler } from '../../platform/context.ts';
import { presentLink } from './present.ts';
import { figuresOf, linkRowsOfCreator } from './repo.ts';

export const shareLinksUserData: UserDataHandler = {
  area: 'shareLinks',
  async exportData(ctx, userId) {
    const rows = await linkRowsOfCreator(ctx.db, userId);
    const figures = await figuresOf(
      ctx.db,
      rows.map((r) => r.id),
    );
    return { data: { shareLinks: rows.map((r) => presentLink(r, figures.get(r.id)!)) } };
  },
  async deleteData() {
    // Nothing to do first: links hold no stored files, and belong to their projects.
  },
};
