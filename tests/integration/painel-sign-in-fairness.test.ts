// A stranger cannot keep the team out of the painel: code requests count per address and source (an IPv4,
// an IPv6 /56) with a ceiling per address out of reach of a few networks, and one of its own for networks
// the address signed in from before; refusals are not counted; a new code leaves the earlier ones good and
// is mailed at most once per few minutes; wrong guesses cost their source, never the owner's code; and a
// refusal names the time to try again.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  clientNetwork, CODE_RESEND_SECONDS, CODE_TTL_SECONDS, CODES_PER_ADDRESS_AND_IP_PER_HOUR, CODES_PER_ADDRESS_PER_HOUR,
} from '../../functions/lib/painel/auth';
import { painelMessages } from '../../src/domain/painel/copy';
import { ANA, BRUNO, MENTOR, painelClient } from './painel-helpers';
import { storeCases, type Opened } from './stores';

// 19:44:30 UTC: an hour later, rounded up to the minute, is 17:45 in Brasília (UTC−3).
const BASE = Date.parse('2026-11-26T19:44:30Z');
const MINUTE = 60_000;

describe.each(storeCases(inject('postgresUrl')))('painel sign-in fairness on $name', (store) => {
  let opened: Opened;
  let skew = 0;
  // Each reading of the clock a millisecond on: codes asked in one test are told apart by their time.
  let tick = 0;
  const { call, codeFor } = painelClient(() => opened);
  const ask = (email: string, ip: string) => call('POST', '/api/painel/codigo', { body: { email }, ip });
  const enter = (email: string, code: string, ip: string) => call('POST', '/api/painel/entrar', { body: { email, code }, ip });

  beforeAll(async () => {
    opened = await store.open({ now: () => new Date(BASE + skew + ++tick) });
  });
  afterAll(() => opened.close());

  it("a stranger's 6 requests from one IP refuse that IP only, with the time to try again; the mentor still gets codes from elsewhere", async () => {
    skew = 0;
    for (let i = 0; i < CODES_PER_ADDRESS_AND_IP_PER_HOUR; i++) expect((await ask(MENTOR, '203.0.113.66')).status).toBe(202);
    const refused = await ask(MENTOR, '203.0.113.66');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(painelMessages.tooManyCodes('17:45'));
    expect(refused.headers.get('retry-after')).toBe(String(3600 + 30));
    for (const ip of ['198.51.100.20', '198.51.100.21']) {
      expect((await ask(MENTOR, ip)).status).toBe(202);
      const code = (await codeFor(MENTOR))!;
      expect((await enter(MENTOR, code, ip)).status).toBe(200);
    }
  });

  it('does not count refused requests: 5–6 an hour from one IP do not keep it refused forever', async () => {
    skew = 0;
    const ip = '203.0.113.67';
    for (let i = 0; i < 5; i++) expect((await ask(BRUNO, ip)).status).toBe(202);
    skew = 30 * MINUTE;
    for (let i = 0; i < 5; i++) expect((await ask(BRUNO, ip)).status).toBe(429);
    // An hour after the first five: the refusals at :30 did not count, so the IP may ask again.
    skew = 61 * MINUTE;
    expect((await ask(BRUNO, ip)).status).toBe(202);
  });

  it("a stranger's request does not replace the code already in a consultant's mail, nor do their wrong guesses kill it", async () => {
    skew = 2 * 3600_000;
    expect((await ask(ANA, '198.51.100.30')).status).toBe(202);
    const inMail = (await codeFor(ANA))!;
    // Asked again minutes later (sooner, nothing new is mailed: the live code is in the mailbox).
    skew += (CODE_RESEND_SECONDS + 1) * 1000;
    expect((await ask(ANA, '203.0.113.68')).status).toBe(202);
    const strangers = (await codeFor(ANA))!;
    expect(strangers).not.toBe(inMail);
    const wrong = inMail === '22222222' || strangers === '22222222' ? '33333333' : '22222222';
    for (let i = 0; i < 5; i++) expect((await enter(ANA, wrong, '203.0.113.68')).status).toBe(400);
    // The guessing IP is refused at this address now, with the time its tries age out…
    const stopped = await enter(ANA, inMail, '203.0.113.68');
    expect(stopped.status).toBe(429);
    expect((await stopped.json()).error).toMatch(/^Muitas tentativas\. Tente de novo às \d\d:\d\d\.$/);
    // …while Ana's code, from her own IP, still opens the painel.
    expect((await enter(ANA, inMail, '198.51.100.30')).status).toBe(200);
    // Signing in spends the address's other codes.
    expect((await enter(ANA, strangers, '198.51.100.31')).status).toBe(400);
  });

  it('a code still expires on time, whatever else was asked', async () => {
    skew = 4 * 3600_000;
    expect((await ask(ANA, '198.51.100.32')).status).toBe(202);
    const code = (await codeFor(ANA))!;
    skew += (CODE_TTL_SECONDS + 1) * 1000;
    expect((await enter(ANA, code, '198.51.100.32')).status).toBe(400);
  });

  it('a ceiling per address needs 10 IPs to reach, and IPv6 addresses of one /56 count as one client', async () => {
    skew = 6 * 3600_000;
    const ips = Array.from({ length: CODES_PER_ADDRESS_PER_HOUR / CODES_PER_ADDRESS_AND_IP_PER_HOUR }, (_, i) => `198.18.0.${i + 1}`);
    expect(ips.length).toBe(10);
    for (const ip of ips) for (let i = 0; i < CODES_PER_ADDRESS_AND_IP_PER_HOUR; i++) expect((await ask(BRUNO, ip)).status).toBe(202);
    expect((await ask(BRUNO, '198.18.0.99')).status).toBe(429);

    skew = 8 * 3600_000;
    for (let i = 0; i < CODES_PER_ADDRESS_AND_IP_PER_HOUR; i++) expect((await ask(ANA, `2001:db8:1:2::${i + 1}`)).status).toBe(202);
    expect((await ask(ANA, '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await ask(ANA, '2001:db8:1:3f::1')).status).toBe(429);
    expect((await ask(ANA, '2001:db8:1:100::1')).status).toBe(202);
  });

  /** Code mails queued for `email` (any time). */
  const codeMails = async (email: string) =>
    (await opened.query<{ n: number }>("select count(*)::int as n from outbox where kind = 'painel-code' and lower(message->>'to') = lower($1)", [email]))[0].n;

  it('10 networks × many requests: the mentor, from a network he signed in from before, still gets in; the mailbox gets one code', async () => {
    skew = 10 * 3600_000;
    const home = '198.51.100.50';
    expect((await ask(MENTOR, home)).status).toBe(202);
    expect((await enter(MENTOR, (await codeFor(MENTOR))!, home)).status).toBe(200);

    skew = 10 * 3600_000 + 30 * MINUTE;
    const mailsBefore = await codeMails(MENTOR);
    const strangers = Array.from({ length: 10 }, (_, i) => `192.0.2.${i + 1}`);
    for (const ip of strangers) for (let i = 0; i < CODES_PER_ADDRESS_AND_IP_PER_HOUR + 3; i++) await ask(MENTOR, ip);
    // The strangers used up the ceiling of unknown networks: an 11th one is refused…
    expect((await ask(MENTOR, '192.0.2.200')).status).toBe(429);
    // …but not the ceiling of the mentor's own network: he gets a code (the one mailed moments ago) and enters.
    expect((await ask(MENTOR, home)).status).toBe(202);
    expect((await enter(MENTOR, (await codeFor(MENTOR))!, home)).status).toBe(200);
    // One code mail for 80 requests in a minute, not 50.
    expect((await codeMails(MENTOR)) - mailsBefore).toBe(1);
  });

  it("21 networks × 5 wrong guesses: the code in the owner's mail still works", async () => {
    skew = 12 * 3600_000;
    const office = '198.51.100.60';
    expect((await ask(BRUNO, office)).status).toBe(202);
    const code = (await codeFor(BRUNO))!;
    const wrong = code === '22222222' ? '33333333' : '22222222';
    for (let n = 1; n <= 21; n++) for (let i = 0; i < 5; i++) expect((await enter(BRUNO, wrong, `203.0.113.${100 + n}`)).status).toBe(400);
    expect((await enter(BRUNO, code, office)).status).toBe(200);
  });

  it('reads IPs as the limits count them', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2::5')).toBe('2001:db8:1:0::/56');
    expect(clientNetwork('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:0::/56');
    expect(clientNetwork('2001:db8:1:ab12::1')).toBe('2001:db8:1:ab00::/56');
    expect(clientNetwork('2001:db8:1:ac00::1')).not.toBe(clientNetwork('2001:db8:1:ab12::1'));
    expect(clientNetwork('::1')).toBe('0:0:0:0::/56');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/56');
  });
});
