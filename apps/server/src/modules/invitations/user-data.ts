// The invitations area's part of a user's data. The export lists the invitations addressed to the account's
// email (any status). Deleting the account deletes them too: they are keyed by email, not by the account, and
// a new account made later with the same address must not find the old ones waiting. Invitations the user sent
// go with their projects (the project's foreign key), and `invited_by` is cleared by its own.
import type { UserDataHandler } from '../../platform/context.ts';
import { findUserById } from '../auth/public.ts';
import { joinProject } from '../projects/public.ts';

export const invitationsUserData: UserDataHandler = {
  area: 'invitations',
  async exportData(ctx, userId) {
    const user = await findUserById(ctx.db, userId);
    const rows = user
      ? await ctx.db
          .selectFrom('project_invitations as i')
          .$call((q) => joinProject(q, 'p', 'i.project_id'))
          .select(['i.id', 'p.title', 'i.permission', 'i.role', 'i.status', 'i.created_at', 'i.responded_at'])
          .where('i.email', '=', user.email)
          .orderBy('i.created_at')
          .execute()
      : [];
    return {
      data: {
        invitations: rows.map((r) => ({
          _id: r.id,
          project: r.title,
          permission: r.permission,
          role: r.role,
          status: r.status,
          createdAt: r.created_at,
          answeredAt: r.responded_at,
        })),
      },
    };
  },
  async deleteData(ctx, userId) {
    const user = await findUserById(ctx.db, userId);
    if (user) await ctx.db.deleteFrom('project_invitations').where('email', '=', user.email).execute();
  },
};
