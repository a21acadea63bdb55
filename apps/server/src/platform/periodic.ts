// Background chores that repeat while the app is up (the notification email sweep, the storage sweep): an
// unref'd timer, one run at a time, stopped (and the running one awaited) before the database closes.
import type { FastifyInstance } from 'fastify';

export interface PeriodicTask {
  /** For the log line when a run fails. */
  service: string;
  what: string;
  everyMs: number;
  /** Also once as soon as the app is ready (in the background: readiness does not wait for it). */
  atReady?: boolean;
  run: () => Promise<unknown>;
}

export function runPeriodically(app: FastifyInstance, task: PeriodicTask): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = task
      .run()
      .catch((err) => app.log.error({ service: task.service, err }, `${task.what} failed`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    if (task.atReady) tick();
    timer = setInterval(tick, task.everyMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
