// The auth area's emails.
import type { AppContext } from '../../platform/context.ts';
import { escapeHtml } from '../../platform/mail.ts';

function layout(title: string, intro: string, action: string, link: string, outro: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0f1115;color:#e6e8ee;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#7c5cff;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#9aa0ad;font-size:13px">${escapeHtml(outro)}<br>${escapeHtml(link)}</p></body></html>`;
}

export async function sendVerificationEmail(
  ctx: AppContext,
  user: { id: string; name: string; email: string },
  token: string,
) {
  const link = `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    kind: 'verify_email',
    userId: user.id,
    to: user.email,
    subject: 'Verify your email for Mixdesk',
    text: `Hi ${user.name},\n\nConfirm your email address to start using Mixdesk:\n${link}\n\nThe link works once and expires in 24 hours.`,
    html: layout(
      'Verify your email',
      `Hi ${user.name}, confirm your email address to start using Mixdesk.`,
      'Verify email',
      link,
      'The link works once and expires in 24 hours.',
    ),
  });
}

export async function sendPasswordResetEmail(
  ctx: AppContext,
  user: { id: string; name: string; email: string },
  token: string,
) {
  const link = `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    kind: 'reset_password',
    userId: user.id,
    to: user.email,
    subject: 'Reset your Mixdesk password',
    text: `Hi ${user.name},\n\nSomeone asked to reset the password of your Mixdesk account. To choose a new one:\n${link}\n\nThe link works once and expires in 1 hour. If it wasn't you, ignore this email.`,
    html: layout(
      'Reset your password',
      `Hi ${user.name}, someone asked to reset the password of your Mixdesk account.`,
      'Choose a new password',
      link,
      "The link works once and expires in 1 hour. If it wasn't you, ignore this email.",
    ),
  });
}
