// The notifications area's email: one message listing what a person was told about since the last one.
import type { Notification } from '@mixdesk/contract/notifications';
import type { AppContext } from '../../platform/context.ts';
import { escapeHtml } from '../../platform/mail/mail.ts';

/** Notifications one email lists; past it, a line says how many more are waiting in the app. */
export const DIGEST_LIST_MAX = 20;

export async function sendNotificationDigest(
  ctx: AppContext,
  to: { id: string; name: string; email: string },
  notifications: Notification[],
): Promise<void> {
  const shown = notifications.slice(0, DIGEST_LIST_MAX);
  const more = notifications.length - shown.length;
  const moreLine = more > 0 ? `…and ${more} more in Mixdesk.` : '';
  const url = (path: string) => `${ctx.config.appUrl}${path.startsWith('/') ? path : `/${path}`}`;
  const settings = url('/settings');
  const subject =
    notifications.length === 1
      ? notifications[0]!.title
      : `${notifications.length} new notifications on Mixdesk`;
  const intro =
    notifications.length === 1
      ? 'You have a new notification:'
      : `You have ${notifications.length} new notifications:`;
  const outro = `You get these emails because Email Notifications is on. Change it in your settings: ${settings}`;
  const text = [
    `Hi ${to.name},`,
    '',
    intro,
    '',
    ...shown.flatMap((n) => [`- ${n.title}`, ...(n.body ? [`  "${n.body}"`] : []), `  ${url(n.link)}`, '']),
    ...(moreLine ? [moreLine, ''] : []),
    outro,
  ].join('\n');
  const items = shown
    .map(
      (n) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(url(n.link))}" style="color:#b9a8ff">${escapeHtml(n.title)}</a>${
          n.body ? `<br><span style="color:#9aa0ad">${escapeHtml(n.body)}</span>` : ''
        }</li>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0f1115;color:#e6e8ee;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1><p>Hi ${escapeHtml(to.name)}, ${escapeHtml(intro.charAt(0).toLowerCase() + intro.slice(1))}</p>
<ul style="padding-left:20px">${items}</ul>${moreLine ? `<p>${escapeHtml(moreLine)}</p>` : ''}
<p style="color:#9aa0ad;font-size:13px">You get these emails because Email Notifications is on. <a href="${escapeHtml(settings)}" style="color:#9aa0ad">Change it in your settings</a>.</p></body></html>`;
  await ctx.mailer.send({ kind: 'notifications', userId: to.id, to: to.email, subject, text, html });
}
