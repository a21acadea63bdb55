// Background chores that repeat while the app is up (the notification email sweep, the storage sweep): an
// unref'd timer, one run at a time, stopped (and the running one awaited) before the database closes.
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';

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
  // A database outage is told once, as a warning, not as an error with a stack at every run while it lasts.
  let waitingForDatabase = false;
  const failed = (err: unknown) => {
    if (!isDatabaseUnavailable(err)) {
      waitingForDatabase = false;
      app.log.error({ service: task.service, err }, `${task.what} failed`);
    } else if (!waitingForDatabase) {
      waitingForDatabase = true;
      const reason = (err as { message?: string }).message || String(err);
      app.log.warn({ service: task.service, reason }, `${task.what} waits: the database is not answering`);
    }
  };
  const tick = () => {
    if (running) return;
    running = task
      .run()
      .then(() => {
        if (waitingForDatabase) app.log.info({ service: task.service }, `${task.what} runs again`);
        waitingForDatabase = false;
      }, failed)
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
