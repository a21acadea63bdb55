// The webhooks area (issue #38, decision 044): a user's signed webhooks, the deliveries the database writes
// with every event they may see, and the sender that tries them until they are acknowledged.
import type { Area } from '../../platform/area.ts';
import { webhooksRoutes } from './routes.ts';
import { webhookSender } from './sender.ts';
import './tables.ts';
import { webhooksUserData } from './user-data.ts';

export const webhooksArea: Area = {
  name: 'webhooks',
  routes: [{ prefix: '/api/webhooks', plugin: webhooksRoutes }],
  start(app) {
    const sender = webhookSender(app.ctx);
    // What activity (and anything else that records events) calls once its change has committed.
    app.ctx.eventsRecorded = () => sender.kick();
    app.addHook('onReady', async () => sender.start());
    // Before the database closes: tries in flight are cut short and given back for whoever runs next.
    app.addHook('preClose', async () => sender.stop());
  },
  userData: webhooksUserData,
};
