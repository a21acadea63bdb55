// The invitation email: who invites, to which project, with what access, and the links to answer. The links
// open the invitation in the app, where Accept and Decline are buttons: a link a mail scanner follows answers
// nothing. Someone without an account is asked to make one with this address first.
import type { CollaboratorPermission } from '@mixdesk/contract/projects';
import type { AppContext } from '../../platform/context.ts';
import { escapeHtml } from '../../platform/mail/mail.ts';

export interface InvitationMail {
  id: string;
  to: string;
  /** The account's name when the email has one; null: they are asked to sign up. */
  toName: string | null;
  inviter: string;
  projectTitle: string;
  permission: CollaboratorPermission;
  role: string;
  expiresAt: string;
}

export async function sendInvitationEmail(ctx: AppContext, m: InvitationMail): Promise<void> {
  const page = `${ctx.config.appUrl}/invitations/${m.id}`;
  const accept = `${page}?answer=accept`;
  const decline = `${page}?answer=decline`;
  const access = `${m.permission === 'edit' ? 'edit' : 'listen to and comment on'} it${m.role ? ` as ${m.role}` : ''}`;
  const until = new Date(m.expiresAt).toUTCString();
  const subject = `${m.inviter} invited you to ${m.projectTitle} on Mixdesk`;
  const greeting = m.toName ? `Hi ${m.toName},` : 'Hi,';
  const lead = `${m.inviter} invited you to the project "${m.projectTitle}" on Mixdesk, to ${access}.`;
  const signUp = m.toName
    ? ''
    : `You don't have a Mixdesk account yet: create one with this email address (${m.to}), verify it, and the invitation will be waiting.`;
  const text = [
    greeting,
    '',
    lead,
    ...(signUp ? ['', signUp] : []),
    '',
    `Accept: ${accept}`,
    `Decline: ${decline}`,
    '',
    `The invitation is open until ${until}. If you did not expect it, decline it or ignore this email.`,
  ].join('\n');
  const button = (href: string, label: string, colour: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;background:${colour};color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;margin-right:8px">${label}</a>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0f1115;color:#e6e8ee;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1><p>${escapeHtml(greeting)} ${escapeHtml(lead)}</p>${
    signUp ? `<p>${escapeHtml(signUp)}</p>` : ''
  }
<p>${button(accept, 'Accept', '#7c5cff')}${button(decline, 'Decline', '#3a3f4b')}</p>
<p style="color:#9aa0ad;font-size:13px">The invitation is open until ${escapeHtml(until)}. If you did not expect it, decline it or ignore this email.<br>${escapeHtml(page)}</p></body></html>`;
  await ctx.mailer.send({ kind: 'project_invitation', userId: null, to: m.to, subject, text, html });
}
