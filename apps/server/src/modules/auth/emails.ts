// The auth area's emails.
import type { AppContext } from '../../platform/context.ts';
import { actionEmailHtml as layout } from '../../platform/mail/mail.ts';

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
