// The clients area's part of a user's data: exported as presented by the API, deleted with the account.
import type { UserDataHandler } from '../../platform/context.ts';
import { linkedCountsOf } from './links.ts';
import { clientRowsOfOwner, presentClient } from './repo.ts';
import { rebuildStats } from './stats.ts';

export const clientsUserData: UserDataHandler = {
  area: 'clients',
  async exportData(ctx, userId) {
    const rows = await clientRowsOfOwner(ctx.db, userId);
    const linked = await linkedCountsOf(
      ctx.db,
      rows.map((r) => r.id),
    );
    return { data: rows.map((r) => presentClient(r, linked.get(r.id))) };
  },
  async deleteData(ctx, userId) {
    // Clients hold no stored files; their projects' links clear through the foreign key.
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('clients').where('owner_id', '=', userId).execute();
      await rebuildStats(trx, userId);
    });
  },
};
