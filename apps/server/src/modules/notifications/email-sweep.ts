// Notification emails, batched: a periodic sweep mails each person ONE message listing their unread
// notifications the sweep has not dealt with yet, once the oldest of them has waited the delay
// (NOTIFICATION_EMAIL_DELAY_SECONDS, default 2 minutes). A burst of notifications is one email, and one read
// within the delay is never mailed. The person's settings decide: Email Notifications off, no email at all;
// mentions, replies and reviews follow Collaboration, being added to a project follows Project Updates.
// Every instance sweeps; a notification is claimed (emailed_at set by an UPDATE … WHERE emailed_at IS NULL)
// before its email is sent, so two sweeps never mail it twice. Ones a setting passes over are claimed too:
// turning a setting on later does not mail old news. A notification that folds its repeats (service.ts) waits
// for the sweep again when a new one folds in, its time the latest's: a burst about one thread is one mail,
// and news after that mail is the next one.
import type { NotificationKind } from '@mixdesk/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { nowIso } from '../../platform/ids.ts';
import { runPeriodically } from '../../platform/jobs/periodic.ts';
import { sendNotificationDigest } from './emails.ts';
import * as repo from './repo.ts';

export const DEFAULT_SWEEP_SECONDS = 60;
export const DEFAULT_EMAIL_DELAY_SECONDS = 120;
/** People one sweep mails at most; the rest wait for the next sweep. */
const USERS_PER_SWEEP = 200;

type Recipient = NonNullable<Awaited<ReturnType<typeof repo.recipientOf>>>;

/** The setting that lets a kind reach the digest; null: the kind is mailed on its own when it happens. */
const SETTING_OF_KIND: Record<
  NotificationKind,
  'collaborationNotifications' | 'projectNotifications' | null
> = {
  mention: 'collaborationNotifications',
  reply: 'collaborationNotifications',
  review_requested: 'collaborationNotifications',
  review_decision: 'collaborationNotifications',
  added_to_project: 'projectNotifications',
  guest_comment: 'collaborationNotifications',
  // The invitation email itself carries Accept and Decline (invitations/emails.ts).
  invitation: null,
  invitation_answered: 'collaborationNotifications',
};

function wantsEmail(recipient: Recipient, kind: string): boolean {
  const setting = SETTING_OF_KIND[kind as NotificationKind];
  return recipient.emailNotifications && setting !== undefined && setting !== null && recipient[setting];
}

/** Claims and mails one person's waiting notifications; returns how many the email listed (0: no email). */
async function emailOne(ctx: AppContext, userId: string, upTo: string): Promise<number> {
  const claimed = await repo.claimForEmail(ctx.db, userId, upTo, nowIso());
  if (claimed.length === 0) return 0;
  const recipient = await repo.recipientOf(ctx.db, userId);
  if (!recipient) return 0;
  const ids = claimed.filter((c) => wantsEmail(recipient, c.kind)).map((c) => c.id);
  if (ids.length === 0) return 0;
  try {
    // Newest first, as the app lists them; one read since the claim is left out.
    const rows = (await repo.rowsByIds(ctx.db, ids)).filter((r) => r.read_at === null).reverse();
    if (rows.length === 0) return 0;
    await sendNotificationDigest(ctx, recipient, rows.map(repo.presentNotification));
    return rows.length;
  } catch (err) {
    // Nothing was sent (the mailer keeps SMTP failures in the outbox itself): the next sweep tries again.
    await repo
      .releaseClaim(ctx.db, ids)
      .catch((releaseErr) =>
        ctx.log.error({ service: 'notifications', err: releaseErr }, 'Could not release notification claims'),
      );
    throw err;
  }
}

/**
 * One sweep: mails everyone whose oldest waiting notification is older than the delay. `now` is for tests.
 * Returns how many emails went out and how many notifications they listed.
 */
export async function sweepNotificationEmails(
  ctx: AppContext,
  opts: { now?: Date } = {},
): Promise<{ emails: number; notifications: number }> {
  const now = opts.now?.getTime() ?? Date.now();
  const delayMs = (ctx.config.notificationEmailDelaySeconds ?? DEFAULT_EMAIL_DELAY_SECONDS) * 1000;
  const users = await repo.usersWaitingForEmail(
    ctx.db,
    new Date(now - delayMs).toISOString(),
    USERS_PER_SWEEP,
  );
  const upTo = new Date(now).toISOString();
  let emails = 0;
  let notifications = 0;
  for (const userId of users) {
    try {
      const listed = await emailOne(ctx, userId, upTo);
      if (listed > 0) {
        emails += 1;
        notifications += listed;
      }
    } catch (err) {
      ctx.log.error({ service: 'notifications', err, userId }, 'Could not email notifications');
    }
  }
  return { emails, notifications };
}

/** Runs the sweep every NOTIFICATION_SWEEP_SECONDS (0: never) while the app is up, one sweep at a time. */
export function scheduleNotificationEmails(app: FastifyInstance): void {
  const seconds = app.ctx.config.notificationSweepSeconds ?? DEFAULT_SWEEP_SECONDS;
  if (seconds <= 0) return;
  runPeriodically(app, {
    service: 'notifications',
    what: 'The notification email sweep',
    everyMs: seconds * 1000,
    run: () => sweepNotificationEmails(app.ctx),
  });
}
