// The webhooks area's part of a user's data: the export lists their webhooks (URL, events, state; never the
// secret, which only the moment of creation shows). Deleting the account removes them and their delivery logs.
import type { UserDataHandler } from '../../platform/context.ts';
import { deleteWebhooksOf } from './repo.ts';
import { listWebhooks } from './service.ts';

export const webhooksUserData: UserDataHandler = {
  area: 'webhooks',
  async exportData(ctx, userId) {
    return { data: { webhooks: await listWebhooks(ctx, userId) } };
  },
  async deleteData(ctx, userId) {
    await deleteWebhooksOf(ctx.db, userId);
  },
};
