// A real SMTP server (smtp-server) on a port of its own that a test stops and starts again, keeping every
// message it took across its runs.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { freePort } from './services.ts';

export interface ReceivedMail {
  to: string;
  raw: string;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>, the same across stops and starts. */
  url: string;
  received: ReceivedMail[];
  /** How many messages arrived for an address. */
  countTo(address: string): number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The server, not listening yet: mail sent to `url` is refused until start(). */
export async function stoppedSmtpServer(): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    countTo: (address) => received.filter((m) => m.to === address).length,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, done) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('latin1');
            for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, raw });
            done();
          });
        },
      });
      server.listen(port, '127.0.0.1');
      await once(server.server, 'listening');
    },
    async stop() {
      const running = server;
      server = null;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
}
