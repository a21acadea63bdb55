// Signing mail through a real SMTP server (smtp-server on a free port): each party gets its own link, and
// when everyone has signed every party and the owner get the sealed PDF as an attachment.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { generateVia, payloads, pdfsig } from './documents-testing.ts';

const received: string[] = [];
let smtp: SMTPServer;
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('latin1'));
        done();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  owner = await registerUser(t.app, { name: 'Mail Owner' });
});
afterAll(async () => {
  await t.close();
  smtp.close();
});

/** The PDF attached to a raw MIME message (base64 part named document-….pdf). */
function attachedPdf(raw: string, name: string): Buffer {
  const at = raw.indexOf(name);
  const start = raw.indexOf('\r\n\r\n', at) + 4;
  const end = raw.indexOf('\r\n--', start);
  return Buffer.from(raw.slice(start, end).replace(/\s+/g, ''), 'base64');
}

describe('signing mail over SMTP', () => {
  it('mails each party its link, and everyone the sealed PDF once all have signed', async () => {
    const body = payloads.contract();
    const { primary, secondary } = body.parties;
    const doc = await generateVia(t.app, owner, body);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${doc._id}/send`,
      headers: bearer(owner.token),
      payload: {},
    });
    expect(sent.statusCode).toBe(200);
    const requests = received.filter((m) => m.includes('asks you to sign'));
    expect(requests.map((m) => m.match(/^To: (.+)$/m)?.[1]?.trim()).sort()).toEqual(
      [primary.email, secondary.email].sort(),
    );

    for (const [party, name] of [
      [primary, 'Maya Beats'],
      [secondary, 'Jon Vocal'],
    ] as const) {
      // Sent through SMTP, the outbox no longer keeps the body: the link is read from the mail that arrived.
      const mail = requests.find((m) => m.match(/^To: (.+)$/m)?.[1]?.trim() === party.email) ?? '';
      const token = mail.replace(/=\r\n/g, '').match(/\/sign\/([\w-]{43})/)?.[1];
      expect(token).toBeTruthy();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/sign/${token}`,
        payload: { signature: { kind: 'typed', value: name }, consent: true },
      });
      expect(res.statusCode).toBe(200);
    }
    const file = `document-${doc._id}.pdf`;
    const copies = received.filter((m) => m.includes('Signed by everyone'));
    expect(copies.map((m) => m.match(/^To: (.+)$/m)?.[1]?.trim()).sort()).toEqual(
      [primary.email, secondary.email, owner.user.email].sort(),
    );
    for (const copy of copies) {
      expect(copy).toMatch(/Content-Type: application\/pdf/);
      const pdf = attachedPdf(copy, file);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfsig(pdf)).toContain('Signature is Valid');
    }
  });
});
