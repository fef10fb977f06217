// A real SMTP server on loopback (smtp-server) that keeps every message it receives.
import { SMTPServer } from 'smtp-server';

export type Received = { to: string[]; raw: string };

/** delay.ms: how long the server takes to accept each message (a slow provider); changeable while it runs. */
export async function startSmtp(port: number, inbox: Received[], delay: { ms: number } = { ms: 0 }): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          done();
        };
        if (delay.ms > 0) setTimeout(accept, delay.ms);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

export const stopSmtp = (s: SMTPServer) => new Promise<void>((r) => s.close(() => r()));
