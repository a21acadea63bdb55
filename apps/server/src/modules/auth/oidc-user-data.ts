// The auth area's part of a user's data (decision 045): the identity providers' people their account is linked
// to. The account itself is the account area's part of the export; the links go with the user row (cascade)
// and are deleted here first, as every area's records are.
import type { UserDataHandler } from '../../platform/context.ts';

export const authUserData: UserDataHandler = {
  area: 'auth',
  async exportData(ctx, userId) {
    const rows = await ctx.db
      .selectFrom('user_identities')
      .select(['issuer', 'subject', 'email', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const identities = rows.map((r) => ({
      issuer: r.issuer,
      subject: r.subject,
      email: r.email,
      linkedAt: r.created_at,
      lastUsedAt: r.last_used_at,
    }));
    return { data: { identities } };
  },
  async deleteData(ctx, userId) {
    await ctx.db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
  },
};
