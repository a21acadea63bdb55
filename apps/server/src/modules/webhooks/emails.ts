// The mail that tells a webhook's owner it was turned off after failing for days: which one, why, and where to
// turn it back on (Settings › Webhooks, whose delivery log shows each failed try).
import type { AppContext } from '../../platform/context.ts';
import { escapeHtml } from '../../platform/mail/mail.ts';
import { recipientOf } from '../notifications/public.ts';

export async function sendWebhookDisabledEmail(
  ctx: AppContext,
  webhook: { ownerId: string; url: string; reason: string },
): Promise<void> {
  const to = await recipientOf(ctx.db, webhook.ownerId);
  if (!to) return;
  const page = `${ctx.config.appUrl}/settings`;
  const subject = 'A webhook of yours was turned off';
  const lead = `Your webhook to ${webhook.url} was turned off: ${webhook.reason}`;
  const next =
    'Events are no longer sent to it. Fix the receiver, then turn the webhook back on in Settings › Webhooks, where its delivery log shows every failed try; events that waited are sent then.';
  const text = [`Hi ${to.name},`, '', lead, '', next, '', page].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0f1115;color:#e6e8ee;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1><p>Hi ${escapeHtml(to.name)},</p><p>${escapeHtml(lead)}</p>
<p>${escapeHtml(next)}</p><p><a href="${escapeHtml(page)}" style="color:#a78bfa">${escapeHtml(page)}</a></p></body></html>`;
  await ctx.mailer.send({ kind: 'webhook_disabled', userId: to.id, to: to.email, subject, text, html });
}
