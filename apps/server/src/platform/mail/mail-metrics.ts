// The mail queue on /metrics: the figures the diagnostics show, read from the outbox at scrape time (one
// query per scrape for the four gauges).
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { MailQueueFigures } from './mail-queue.ts';

export function mailQueueGauges(
  registers: Registry[],
  read: () => Promise<MailQueueFigures>,
  log: FastifyBaseLogger,
): void {
  // A scrape asks every gauge at once: the four share the reading under way, and the next scrape reads anew.
  let reading: Promise<MailQueueFigures | null> | undefined;
  const figures = () => {
    if (!reading) {
      const current = read().catch((err: unknown) => {
        // The other figures matter most when the database is in trouble: these read as unknown.
        log.warn({ service: 'metrics', err }, 'Could not read the mail queue');
        return null;
      });
      reading = current;
      void current.finally(() => {
        if (reading === current) reading = undefined;
      });
    }
    return reading;
  };
  const gauge = (name: string, help: string, pick: (f: MailQueueFigures) => number | null) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const f = await figures();
        this.set(f ? (pick(f) ?? 0) : Number.NaN);
      },
    });
  gauge('mixdesk_mail_waiting', 'Mails in the outbox not sent yet and not given up', (f) => f.waiting);
  gauge('mixdesk_mail_retrying', 'Waiting mails whose last try failed', (f) => f.retrying);
  gauge('mixdesk_mail_failed', 'Mails given up after their last try', (f) => f.failed);
  gauge(
    'mixdesk_mail_oldest_waiting_seconds',
    'Age of the oldest waiting mail (0 when none waits)',
    (f) => f.oldestWaitingAgeSeconds,
  );
}
