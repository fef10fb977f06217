// A local HTTP receiver for the integration tests: RD Station's API and the webhook endpoint stand-in.
// It records every request as received (raw body, headers) and answers from a script of responses
// (then with `fallback`), so a test states exactly what the receiver says on each attempt.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
/** `until`: the answer waits for this promise (a receiver that hangs until the test lets it go). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string; until?: Promise<unknown> };

export type Receiver = {
  url: string;
  received: Received[];
  /** Answers for the next requests, in order. */
  script(...answers: Answer[]): void;
  close(): Promise<void>;
};

export async function startReceiver(fallback: Answer | ((req: Received) => Answer) = { status: 200, body: '{}' }): Promise<Receiver> {
  const received: Received[] = [];
  const queue: Answer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const answer = queue.shift() ?? (typeof fallback === 'function' ? fallback(entry) : fallback);
      const reply = () => {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body ?? '');
      };
      if (answer.until) void answer.until.then(reply, reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    script: (...answers) => queue.push(...answers),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
