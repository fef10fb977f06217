// A TCP proxy on loopback between the functions and PostgreSQL that can hold one statement's traffic, to
// play the failures a deadline cannot tell apart: a statement that committed but whose reply never came,
// and one that was never run. It reads the wire only to find a marker in a client message (the statement's
// text travels in the Parse message) and the server's ReadyForQuery.
import net from 'node:net';

/** 'Z', length 5: ReadyForQuery. In the reply to an autocommit statement it comes after the commit. */
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5]);
/**
 * 'E', length 9, the unnamed portal, no row limit: Execute. Unprepared, postgres.js first sends Parse and
 * Describe and waits for their reply (the parameter types); only the Execute after it runs the statement.
 */
const EXECUTE = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]);
/** Length 16, code 80877102: a CancelRequest, sent on a connection of its own. */
const CANCEL_REQUEST = Buffer.from([0, 0, 0, 16, 0x04, 0xd2, 0x16, 0x2e]);

export interface HoldingProxy {
  /** The database URL through the proxy. */
  url: string;
  /**
   * 'reply': the marked statement reaches the server; its reply is kept from the client for good, and every
   * other connection waits until the server has finished it (so whatever the client does next sees the commit).
   * 'request': the marked statement is kept from the server until release().
   */
  hold(marker: string, what: 'reply' | 'request'): void;
  /** Resolves when the held statement's reply has come back from the server ('reply'). */
  readonly settled: Promise<void>;
  /** Whether a marked statement was seen. */
  readonly seen: boolean;
  /**
   * Resolves once a cancel request has been through the proxy and the server has closed its connection: by
   * then the server has signalled the backend. Releasing a held statement before that lets a late cancel
   * (a busy machine forks the postmaster's child slowly) cancel the statement it was too late for.
   */
  readonly cancelled: Promise<void>;
  /** Sends the held statement on ('request'). */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(databaseUrl: string): Promise<HoldingProxy> {
  const target = new URL(databaseUrl);
  let marker: Buffer | null = null;
  let mode: 'reply' | 'request' = 'reply';
  let seen = false;
  let markedConnection: net.Socket | null = null;
  let executing = false;
  let heldRequest: (() => void) | null = null;
  let released = false;
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  let isSettled = false;
  void settled.then(() => (isSettled = true));
  const sockets = new Set<net.Socket>();
  let cancelDone!: () => void;
  const cancelled = new Promise<void>((resolve) => (cancelDone = resolve));

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    let reply = Buffer.alloc(0);
    let first = true;

    client.on('data', (chunk) => {
      if (first && chunk.subarray(0, CANCEL_REQUEST.length).equals(CANCEL_REQUEST)) upstream.on('close', cancelDone);
      first = false;
      const forward = () => upstream.write(chunk);
      if (client === markedConnection && chunk.includes(EXECUTE)) executing = true;
      if (marker && !seen && chunk.includes(marker)) {
        seen = true;
        markedConnection = client;
        if (chunk.includes(EXECUTE)) executing = true;
        if (mode === 'request') {
          if (released) forward();
          else heldRequest = forward;
          return;
        }
        forward();
        return;
      }
      // After a held reply, other connections wait for the server to finish the held statement.
      if (seen && mode === 'reply' && client !== markedConnection && !isSettled) {
        void settled.then(forward);
        return;
      }
      forward();
    });
    upstream.on('data', (chunk) => {
      if (executing && mode === 'reply' && client === markedConnection) {
        reply = Buffer.concat([reply, chunk]);
        if (reply.includes(READY_FOR_QUERY)) settle();
        return;
      }
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    hold(text, what) {
      marker = Buffer.from(text);
      mode = what;
    },
    settled,
    cancelled,
    get seen() {
      return seen;
    },
    release() {
      released = true;
      heldRequest?.();
      heldRequest = null;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
