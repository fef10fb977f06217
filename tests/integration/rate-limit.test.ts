// config.rateLimit enforced by the local server as Netlify does (scripts/server/rate-limit.mjs), over real HTTP.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgendaHandler } from '../../functions/lib/handlers/agenda';
import { createAvailabilityHandler } from '../../functions/lib/handlers/availability';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createManageLinkHandler } from '../../functions/lib/handlers/manage-link';
import { createManageHandler } from '../../functions/lib/handlers/manage';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { createRateLimiter, rateLimitKey, rateLimitsEnabled, readRateLimit } from '../../scripts/server/rate-limit.mjs';
import { listFunctionFiles } from '../../scripts/server/functions-host.mjs';
import { startServer } from '../../scripts/server/server.mjs';
import { key, openTestApp, validRequest, type TestApp } from './helpers';

const TOO_MANY = 'Muitas tentativas. Aguarde um minuto e tente novamente.';

describe('sliding-window limiter', () => {
  it('lets windowLimit requests through per window, then answers the seconds until the oldest leaves it', () => {
    let t = 1_000_000;
    const limiter = createRateLimiter({ now: () => t });
    const rule = readRateLimit({ rateLimit: { windowLimit: 3, windowSize: 10, aggregateBy: ['ip', 'domain'] } })!;
    const key = (ip: string, host = 'a.example') => rateLimitKey('fn', rule, { ip, host } as { ip: string });
    for (let i = 0; i < 3; i++, t += 1000) expect(limiter.hit(key('1.1.1.1'), rule)).toEqual({ ok: true });
    expect(limiter.hit(key('1.1.1.1'), rule)).toEqual({ ok: false, retryAfterSeconds: 7 });
    expect(limiter.hit(key('2.2.2.2'), rule).ok).toBe(true); // another IP
    // The Host header a client sends is not a new bucket: the local server serves one site.
    for (const host of ['b.example', 'B.EXAMPLE', 'localhost', 'x'.repeat(50)]) expect(limiter.hit(key('1.1.1.1', host), rule).ok).toBe(false);
    t += 7000; // the first request left the window
    expect(limiter.hit(key('1.1.1.1'), rule).ok).toBe(true);
    expect(limiter.hit(key('1.1.1.1'), rule).ok).toBe(false);
  });

  it("reads Netlify's config: aggregateBy defaults to the domain; RATE_LIMITS=off turns enforcement off", () => {
    expect(readRateLimit({ rateLimit: { windowLimit: 5, windowSize: 60 } })).toEqual({ windowLimit: 5, windowMs: 60_000, aggregateBy: ['domain'] });
    expect(readRateLimit({ path: '/x' })).toBeNull();
    expect(rateLimitsEnabled({ RATE_LIMITS: 'off' })).toBe(false);
    expect(rateLimitsEnabled({})).toBe(true);
  });
});

describe('npm start enforces each function config.rateLimit', () => {
  let app: TestApp;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    app = await openTestApp();
    const get = async () => app;
    const [leads, meetings, availability, manageLink, agenda, manage] = await Promise.all([
      import('../../functions/leads.ts'), import('../../functions/meetings.ts'), import('../../functions/availability.ts'),
      import('../../functions/manage-link.ts'), import('../../functions/agenda.ts'), import('../../functions/manage.ts'),
    ]);
    // The real modules (config, rateLimited) with their handlers bound to this test's database.
    const functionModules = [
      { ...leads, default: createLeadsHandler(get) },
      { ...meetings, default: createMeetingsHandler(get) },
      { ...availability, default: createAvailabilityHandler(get) },
      { ...manageLink, default: createManageLinkHandler(get) },
      { ...agenda, default: createAgendaHandler(get) },
      { ...manage, default: createManageHandler(get) },
    ];
    server = await startServer({ port: 0, functionModules, rateLimits: true });
  });
  afterAll(async () => {
    await server?.close();
    await app?.close();
  });

  const postLead = (i: number) =>
    fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...validRequest, email: `burst${i}.${Date.now()}@example.com`, idempotencyKey: key() }),
    });

  it('40 leads in a burst from one IP: the first 30 stored, the rest 429 with Retry-After and the pt-BR message', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => postLead(i)));
    const limited = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(30);
    expect(limited).toHaveLength(10);
    for (const res of limited) {
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.json()).toEqual({ error: TOO_MANY });
    }
  });

  it('answers a limited booking in the meetings body shape, and counts each function apart', async () => {
    const book = () => fetch(`${server.url}/api/meetings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const answers = await Promise.all(Array.from({ length: 31 }, book));
    expect(answers.filter((r) => r.status === 400)).toHaveLength(30);
    const limited = answers.find((r) => r.status === 429)!;
    expect(await limited.json()).toEqual({ success: false, error: TOO_MANY });
    expect((await fetch(`${server.url}/api/availability?month=2030-01`)).status).toBe(200);
  });

  it('serves POST /api/manage-link (npm start loads every functions/ file) with its own, tighter limit', async () => {
    expect(await listFunctionFiles('functions')).toContain('manage-link.ts');
    const ask = () => fetch(`${server.url}/api/manage-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const answers = await Promise.all(Array.from({ length: 11 }, ask));
    expect(answers.filter((r) => r.status === 400)).toHaveLength(10);
    const limited = answers.find((r) => r.status === 429)!;
    expect(await limited.json()).toEqual({ success: false, error: TOO_MANY });
  });

  it('answers TRACE and CONNECT with 405 and Allow, never 500', async () => {
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write(request));
        let data = '';
        socket.on('data', (d) => (data += d));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    const trace = await raw('TRACE /api/availability HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(trace).toMatch(/^HTTP\/1\.1 405/);
    expect(trace).toMatch(/\r\nallow: GET, HEAD\r\n/i);
    const traceLeads = await raw('TRACE /api/manage HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(traceLeads).toMatch(/^HTTP\/1\.1 405[\s\S]*\r\nallow: POST\r\n/i);
    const connectAnswer = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(connectAnswer).toMatch(/^HTTP\/1\.1 405[\s\S]*Allow: GET, HEAD/);
  });

  it('a client rotating Host headers stays in one bucket (31 agenda reads, each with its own Host: the last is 429)', async () => {
    const port = Number(new URL(server.url).port);
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        request({ port, host: '127.0.0.1', path: '/api/agenda/sem-token', headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).on('error', reject).end();
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push(await get(`site${i}.example`));
    expect(statuses.filter((s) => s === 429)).toEqual([429]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a malformed escape in a path parameter (/api/agenda/%ZZ) is a 404, never a 500', async () => {
    for (const path of ['/api/agenda/%ZZ', '/api/agenda/%', '/api/agenda/%E0%A4%A']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });
});
