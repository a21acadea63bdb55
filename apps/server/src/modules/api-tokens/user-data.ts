// The api-tokens area's part of a user's data: the export lists their tokens (name, scopes, dates; never a
// token or its hash), and deleting the account removes them.
import type { UserDataHandler } from '../../platform/context.ts';
import { presentToken } from './present.ts';
import { deleteTokensOf, tokenRowsOf } from './repo.ts';

export const apiTokensUserData: UserDataHandler = {
  area: 'apiTokens',
  async exportData(ctx, userId) {
    return { data: { apiTokens: (await tokenRowsOf(ctx.db, userId)).map(presentToken) } };
  },
  async deleteData(ctx, userId) {
    await deleteTokensOf(ctx.db, userId);
  },
};
