// The notifications area's part of a user's data: the export lists the notifications they received;
// deleting the account deletes them through the foreign key (and keeps others' with the actor's name only).
import type { UserDataHandler } from '../../platform/context.ts';
import { allOfUser, presentNotification } from './repo.ts';

export const notificationsUserData: UserDataHandler = {
  area: 'notifications',
  async exportData(ctx, userId) {
    const rows = await allOfUser(ctx.db, userId);
    return { data: { notifications: rows.map(presentNotification) } };
  },
  async deleteData() {
    // Nothing to do first: notifications hold no stored files, and the user row's deletion cascades to them.
  },
};
