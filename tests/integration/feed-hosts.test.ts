// Issue #36 L7, played as the probe did: a calendar link's host was checked as written, never resolved at
// connect time, and redirects used a shorter blocklist. Now: a trailing dot is dropped before the name rules
// ("localhost." is localhost), a name is judged by every address it resolves to when the connection is made
// (the webhooks' guard, lib/public-address.ts; the DNS lookup injected here, as a hostile resolver would
// answer), and a redirect off the configured host meets the same blocklist. Real handlers on PGlite; the feed
// server on loopback (trusted in local use, as the tests and `npm start` serve feeds).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCopy, InputError, parseCommand, runCommand, type CliEnv } from '../../functions/lib/admin/consultants';
import { createCalendarSync } from '../../functions/lib/calendar/sync';
import type { Resolve } from '../../functions/lib/public-address';
import { openTestApp, PRESELLERS, type TestApp } from './helpers';

const ANA = 'ana.souza@consultores.example.com';
/** A resolver that answers `address` for every name, and counts what it was asked. */
function resolverTo(address: string): Resolve & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(async (hostname: string) => {
    asked.push(hostname);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  }, { asked });
}

let app: TestApp;
let server: Server;
let port: number;
let redirectTo = '';

beforeAll(async () => {
  app = await openTestApp();
  server = createServer((_req, res) => void res.writeHead(302, { location: redirectTo }).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => server.close(resolve));
});

/** Saves `url` as Ana's calendar outside local use, as Equipe and Minha agenda do in production. */
async function save(url: string, resolve?: Resolve): Promise<{ code: number; err: string[] }> {
  const env: CliEnv = { config: app.env.scheduling, siteUrl: 'https://mentor.example.com', localUse: false, resolve };
  const err: string[] = [];
  const code = await runCommand(app.store, parseCommand(['feed', ANA, url], env.config, { localUse: false }), env, { out: () => {}, err: (line) => err.push(line) });
  return { code, err };
}

const feedState = async () => (await app.store.db.query<{ status: string; error_code: string | null }>(
  'select status, error_code from calendar_feeds where preseller_id = $1', [PRESELLERS.ana])).rows[0] ?? null;

describe('calendar feed hosts (issue #36 L7)', () => {
  it('refuses the names that never lead outside, a trailing dot included, before any lookup', () => {
    const resolve = resolverTo('93.184.215.14');
    for (const url of ['https://localhost./x.ics', 'https://LOCALHOST../x.ics', 'https://localhost.localdomain/x.ics', 'https://metadata.google.internal/computeMetadata/v1/', 'https://intranet./x.ics', 'webcal://agenda.local/x.ics']) {
      expect(() => parseCommand(['feed', ANA, url], app.env.scheduling, { localUse: false }), url).toThrow(new InputError(cliCopy.feedInternal));
    }
    expect(resolve.asked).toEqual([]);
    // A public name keeps its form, less the trailing dot.
    expect(parseCommand(['feed', ANA, 'https://calendar.example.com./a.ics'], app.env.scheduling, { localUse: false }).command).toMatchObject({ url: 'https://calendar.example.com/a.ics' });
  });

  it('refuses at save a name that resolves to an internal address (127.0.0.1, 198.18/15, NAT64), asked when connecting; nothing stored', async () => {
    for (const address of ['127.0.0.1', '198.18.0.7', '64:ff9b::7f00:1', '::ffff:169.254.169.254']) {
      const resolve = resolverTo(address);
      expect(await save('https://agenda.example.com/ana.ics', resolve), address).toEqual({ code: 1, err: [cliCopy.feedRefused('internal')] });
      expect(resolve.asked, address).toEqual(['agenda.example.com']);
    }
    expect(await feedState()).toBeNull();
  });

  it('fails at sync a saved https link whose name now resolves to 127.0.0.1 (rebinding): calendar_address_blocked', async () => {
    await app.store.consultants({ action: 'feed', email: ANA, url: 'https://agenda.example.com/ana.ics' });
    const resolve = resolverTo('127.0.0.1');
    await createCalendarSync(app.store, { config: app.env.scheduling, resolve }).refreshDue(0);
    expect(resolve.asked).toEqual(['agenda.example.com']);
    expect(await feedState()).toEqual({ status: 'error', error_code: 'calendar_address_blocked' });
  });

  it('refuses redirects off the host to the blocklist the webhooks use, a name resolved by the same lookup', async () => {
    await app.store.consultants({ action: 'feed', email: ANA, url: `http://127.0.0.1:${port}/ana.ics` });
    const resolve = resolverTo('127.0.0.1');
    const sync = createCalendarSync(app.store, { config: app.env.scheduling, resolve });
    // 198.18/15, 192.0.0/24, multicast, NAT64 and 6to4 passed the feed's old, shorter list; the name is judged by what it resolves to.
    for (const target of ['http://198.18.0.1/x.ics', 'http://192.0.0.170/x.ics', 'http://224.0.0.251/x.ics', 'http://[64:ff9b::a9fe:a9fe]/x.ics', 'http://[2002:7f00:1::1]/x.ics', `http://feed.example.net:${port}/x.ics`, 'http://localhost./x.ics']) {
      redirectTo = target;
      await sync.refreshDue(0);
      expect(await feedState(), target).toEqual({ status: 'error', error_code: 'calendar_redirect_blocked' });
    }
    expect(resolve.asked).toEqual(['feed.example.net']);
  });
});
