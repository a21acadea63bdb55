// Mail: every message is written to the outbox table first; with SMTP_URL it is then sent and marked,
// without it the log prints the message's links so a local user can still follow them.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB, Timestamp } from '../db/schema.ts';
import { newId, nowIso } from './ids.ts';

export interface MailOutboxTable {
  id: string;
  kind: string;
  user_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  error: string | null;
}

declare module '../db/schema.ts' {
  interface DB {
    mail_outbox: MailOutboxTable;
  }
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  kind: string;
  userId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sent with SMTP; the outbox keeps their names (the files stay where they are stored). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** 'smtp' with SMTP_URL, else 'outbox' (messages stay in the outbox table). */
  readonly transport: 'smtp' | 'outbox';
  /** Connects to the SMTP server and authenticates (nodemailer's verify); resolves at once for the outbox. */
  verify(): Promise<void>;
  close(): void;
}

/** What the outbox keeps of a body once SMTP has taken the message. */
export const SENT_BODY = '[sent through SMTP; the body is not kept]';

export function createMailer(opts: {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  return {
    transport: transport ? 'smtp' : 'outbox',
    async verify() {
      if (transport) await transport.verify();
    },
    async send(m) {
      const id = newId();
      await opts.db
        .insertInto('mail_outbox')
        .values({
          id,
          kind: m.kind,
          user_id: m.userId,
          to_address: m.to,
          subject: m.subject,
          text_body: m.attachments?.length
            ? `${m.text}\n\nAttached: ${m.attachments.map((a) => `${a.filename} (${a.content.length} bytes)`).join(', ')}`
            : m.text,
          html_body: m.html,
          created_at: nowIso(),
          sent_at: null,
          error: null,
        })
        .execute();
      if (!transport) {
        const links = m.text.match(/https?:\/\/\S+/g) ?? [];
        opts.log.info(
          { service: 'mail', mail: { to: m.to, subject: m.subject, links } },
          `Mail kept in the outbox (no SMTP_URL): ${m.subject}`,
        );
        return;
      }
      try {
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          attachments: m.attachments,
        });
        // Sent: the outbox keeps that it went, to whom and what about, not the body, whose links (sign-in,
        // signing, invitations) would otherwise sit readable in the database for as long as it is kept.
        await opts.db
          .updateTable('mail_outbox')
          .set({ sent_at: nowIso(), text_body: SENT_BODY, html_body: '' })
          .where('id', '=', id)
          .execute();
      } catch (err) {
        // A mail server outage must not fail the user's request; the outbox keeps the message and the error.
        const message = err instanceof Error ? err.message : String(err);
        opts.log.error({ service: 'mail', err, mailId: id }, 'Sending mail failed');
        await opts.db
          .updateTable('mail_outbox')
          .set({ error: message.slice(0, 500) })
          .where('id', '=', id)
          .execute();
      }
    },
    close() {
      transport?.close();
    },
  };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The house email: a title, a sentence, one button and the link spelled out under it. */
export function actionEmailHtml(
  title: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0f1115;color:#e6e8ee;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#7c5cff;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#9aa0ad;font-size:13px">${escapeHtml(outro)}<br>${escapeHtml(link)}</p></body></html>`;
}
