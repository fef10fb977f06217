// The tests' servers take a port that was free when asked, and another process can bind it first (two stages'
// PostgreSQL clusters were once handed the same port). Each server's start says when that happened, and
// startOnFreePort starts it again on another port. Here the first port is held on purpose, by an HTTP server
// that answers 200 to anything: a start that asked the port instead of its own child would take it for the site.
import { createServer, type Server } from 'node:http';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPgBouncer } from '../support/pgbouncer';
import { freePort, PORT_TAKEN, startOnFreePort, startSite } from '../support/site-process.mjs';

let held: Server;
let heldPort: number;

beforeAll(async () => {
  held = createServer((_request, response) => response.end('{"ok":true}'));
  heldPort = await new Promise<number>((resolve) => held.listen(0, '127.0.0.1', () => resolve((held.address() as { port: number }).port)));
});
afterAll(() => new Promise<void>((resolve) => held.close(() => resolve())));

/** The held port first, then free ones. */
function heldThenFree(): () => Promise<number> {
  let first = true;
  return async () => (first ? ((first = false), heldPort) : freePort());
}

describe('startOnFreePort', () => {
  it('starts again on another port only when the port was taken, at most `attempts` times', async () => {
    const tried: number[] = [];
    const port = await startOnFreePort(
      async (candidate) => {
        tried.push(candidate);
        if (candidate === heldPort) throw new Error(`listen EADDRINUSE: address already in use 127.0.0.1:${candidate}`);
        return candidate;
      },
      { label: 'test', pickPort: heldThenFree() },
    );
    expect(tried).toEqual([heldPort, port]);
    expect(port).not.toBe(heldPort);

    // Any other failure is not a port race: thrown at once.
    let calls = 0;
    const other = startOnFreePort(async () => ((calls += 1), Promise.reject(new Error('initdb: bad locale'))), { label: 'test' });
    await expect(other).rejects.toThrow('initdb: bad locale');
    expect(calls).toBe(1);

    // A port taken every time ends after the attempts, with the last failure.
    calls = 0;
    const always = startOnFreePort(async () => ((calls += 1), Promise.reject(new Error('could not bind IPv4 address'))), { label: 'test', attempts: 3 });
    await expect(always).rejects.toThrow('could not bind');
    expect(calls).toBe(3);
  });
});

describe('each server says when its port was taken', () => {
  it('serve.mjs: exits naming EADDRINUSE, and the site is never taken for the listener that holds the port', async () => {
    const start = startSite({ label: 'port-held', output: null, attempts: 1, pickPort: async () => heldPort, timeoutMs: 60_000 });
    const error = await start.then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain('EADDRINUSE');
    expect(error?.message).toMatch(PORT_TAKEN);
  });

  const serverUrl = inject('postgresUrl');
  it.skipIf(!serverUrl)('PgBouncer: a pooler that could not listen on TCP is stopped and started on another port', async () => {
    const pooler = await startPgBouncer({ serverUrl: serverUrl!, poolSize: 1, maxClientConn: 5, pickPort: heldThenFree() });
    if (!pooler) throw new Error('pgbouncer not installed');
    try {
      expect(pooler.port).not.toBe(heldPort);
      // The port it reports is the pooler's own: a query through it reaches the cluster.
      const sql = postgres(pooler.url('postgres'), { prepare: false, max: 1, onnotice: () => {} });
      try {
        expect((await sql`select 1 as one`)[0]).toEqual({ one: 1 });
      } finally {
        await sql.end();
      }
    } finally {
      pooler.stop();
    }
  });
});
