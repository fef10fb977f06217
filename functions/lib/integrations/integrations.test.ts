// The pure parts of the integrations: settings, schedules, addresses, answers and payloads.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { rdVerdict, unanswered, webhookVerdict } from './answers';
import { integrationsEnv, targetsOf } from './config';
import { rdConversion, trafficOf, webhookBody, type EventMessage, type LeadSnapshot } from './events';
import { DeliveryError, isPublicAddress, postJson } from './http';
import { RETRY_SCHEDULE, retryAfterMs, retryDelayMs } from './retry';

const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const answer = (status: number, body = '', headers: Record<string, string> = {}) => ({ status, body, headers });

describe('settings', () => {
  it('turns a target on only with usable settings, naming (never echoing) the unusable ones', () => {
    // Nothing declared is no local use: a deployed function gets no CONTEXT at run time, so the check fails closed.
    expect(integrationsEnv({})).toMatchObject({ rd: null, webhook: null, local: false, problems: [] });
    const on = integrationsEnv({ RD_STATION_API_KEY: 'key-123456789', WEBHOOK_URL: 'https://hooks.example.com/x', WEBHOOK_SECRET: SECRET, CONTEXT: 'production' });
    expect(on).toMatchObject({ rd: { apiKey: 'key-123456789', baseUrl: 'https://api.rd.services' }, webhook: { url: 'https://hooks.example.com/x' }, local: false });
    const bad = integrationsEnv({ WEBHOOK_URL: 'https://hooks.example.com/x', WEBHOOK_SECRET: 'not-a-secret', RD_STATION_API_KEY: 'k y' });
    expect(bad).toMatchObject({ rd: null, webhook: null, problems: ['RD_STATION_API_KEY', 'WEBHOOK_SECRET'] });
    expect(JSON.stringify(bad.problems)).not.toContain('not-a-secret');
    expect(integrationsEnv({ WEBHOOK_URL: 'https://user:pw@hooks.example.com/', WEBHOOK_SECRET: SECRET }).webhook).toBeNull();
    // Netlify's local development context is local use; every deploy context is not.
    expect(integrationsEnv({ CONTEXT: 'dev' }).local).toBe(true);
    expect(integrationsEnv({ NETLIFY_DEV: 'true' }).local).toBe(true);
    for (const context of ['production', 'deploy-preview', 'branch-deploy']) expect(integrationsEnv({ CONTEXT: context }).local).toBe(false);
  });

  it('stores a hash of the settings, never the key, and a new key changes it', () => {
    const a = targetsOf(integrationsEnv({ RD_STATION_API_KEY: 'key-aaaaaaaaa' }));
    const b = targetsOf(integrationsEnv({ RD_STATION_API_KEY: 'key-bbbbbbbbb' }));
    expect(a.rd.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.rd.hash).not.toBe(b.rd.hash);
    expect(JSON.stringify(a)).not.toContain('key-aaaaaaaaa');
    expect(a.webhook).toEqual({ enabled: false, hash: null });
  });
});

describe('retries', () => {
  it('follows each schedule with ±10 % jitter and stays at its last step', () => {
    expect(retryDelayMs('webhook', 1, () => 0.5)).toBe(5000);
    expect(retryDelayMs('webhook', 9, () => 0.5)).toBe(24 * 3600_000);
    expect(retryDelayMs('webhook', 1, () => 0)).toBe(4500);
    expect(retryDelayMs('webhook', 1, () => 0.999999)).toBeLessThanOrEqual(5500);
    expect(retryDelayMs('rd', 1, () => 0.5)).toBe(60_000);
    expect(retryDelayMs('rd', 99, () => 0.5)).toBe(RETRY_SCHEDULE.rd.at(-1));
    // About three days of webhook retries in all.
    const total = RETRY_SCHEDULE.webhook.reduce((a, b) => a + b, 0) / 3600_000;
    expect(total).toBeGreaterThan(70);
    expect(total).toBeLessThan(80);
  });

  it('reads Retry-After as seconds or an HTTP date, capped at a day', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(retryAfterMs('1', now)).toBe(1000);
    expect(retryAfterMs('Thu, 26 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('999999', now)).toBe(86_400_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});

describe('addresses (SSRF)', () => {
  it('allows public addresses only', () => {
    for (const ip of [
      '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1',
      // Every IPv6 form that carries an IPv4 address is refused whole (mapped, compatible, NAT64, 6to4, Teredo).
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', '::127.0.0.1', '::7f00:1', '64:ff9b::7f00:1', '64:ff9b:1::1',
      '2002:7f00:1::', '2001:0:4136:e378:8000:63bf:3fff:fdd2', 'not-an-ip',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ['8.8.8.8', '177.71.128.1', '2606:4700:4700::1111', '2804:14c::1']) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('gives up at the deadline and never follows a redirect', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      if (req.url === '/trickle') {
        // Answers at once, then one byte every 50 ms: never idle, never done.
        res.writeHead(200);
        const drip = setInterval(() => res.write('x'), 50);
        res.on('close', () => clearInterval(drip));
        return;
      }
      res.writeHead(302, { location: '/elsewhere' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(postJson(`${base}/slow`, '{}', {}, { timeoutMs: 200, publicOnly: false })).rejects.toEqual(new DeliveryError('timeout'));
      // The timeout is a deadline for the whole exchange, not an idle timer.
      await expect(postJson(`${base}/trickle`, '{}', {}, { timeoutMs: 300, publicOnly: false })).rejects.toEqual(new DeliveryError('timeout'));
      expect((await postJson(`${base}/moved`, '{}', {}, { timeoutMs: 2000, publicOnly: false })).status).toBe(302);
      await expect(postJson(`${base}/moved`, '{}', {}, { timeoutMs: 2000, publicOnly: true })).rejects.toEqual(new DeliveryError('https_required'));
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('answers', () => {
  it('RD: sent with its event_uuid, retried, refused for good, or paused', () => {
    expect(rdVerdict(answer(200, '{"event_uuid":"u-1"}'))).toEqual({ outcome: 'sent', status: 200, response: { event_uuid: 'u-1' } });
    expect(rdVerdict(answer(429, '', { 'retry-after': '1' }))).toMatchObject({ outcome: 'retry', retryAfterHeader: '1' });
    expect(rdVerdict(answer(503))).toMatchObject({ outcome: 'retry' });
    for (const status of [400, 415, 422, 404]) expect(rdVerdict(answer(status)).outcome).toBe('failed');
    for (const status of [401, 403]) expect(rdVerdict(answer(status)).outcome).toBe('pause');
    const failed = rdVerdict(answer(422, JSON.stringify({ errors: [{ error_type: 'CANNOT_BE_NULL', error_message: 'line\nbreak', path: 'payload.cf_x' }] })));
    expect(failed).toMatchObject({ outcome: 'failed', error: 'HTTP 422: CANNOT_BE_NULL line break (payload.cf_x)' });
  });

  it('webhooks: 2xx sent, 3xx failed, 410 paused, anything else retried', () => {
    expect(webhookVerdict(answer(204)).outcome).toBe('sent');
    expect(webhookVerdict(answer(301)).outcome).toBe('failed');
    expect(webhookVerdict(answer(410)).outcome).toBe('pause');
    for (const status of [400, 404, 429, 500, 502, 504]) expect(webhookVerdict(answer(status)).outcome).toBe('retry');
    expect(unanswered('timeout').outcome).toBe('retry');
    expect(unanswered('address_not_allowed').outcome).toBe('failed');
  });
});

describe('payloads', () => {
  const lead: LeadSnapshot = {
    id: 'l-1', created_at: '2026-11-26T12:00:00Z', name: 'Maria Souza', email: 'maria@example.com', phone: '41987654321', company: 'Solar PR',
    cnpj: '11222333000181', job_title: 'diretor-comercial', revenue: '50-100', sales_team: '3-5', segment: 'outro', other_segment: 'Baterias',
    business_model: 'b2b', service: 'trafego', origin: 'site', routing_rule: 'padrão', marketing_opt_in: false,
    first_touch: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', utm_term: 'energia solar', landing_path: '/' }, last_touch: null,
  };

  it('RD: the conversion names the event, the labels, the first touch and no legal basis without the opt-in', () => {
    const message: EventMessage = { event: 'reuniao-agendada', at: '2026-11-26T12:00:00Z', data: { lead, meeting: { id: 'm-1', lead_id: 'l-1', service: 'consultoria', starts_at: '', ends_at: '', status: 'scheduled', consultant: { id: 'p', name: 'Ana Lima', email: 'ana@example.com', room_url: null } } } };
    const { payload, event_type, event_family } = rdConversion(message);
    expect({ event_type, event_family }).toEqual({ event_type: 'CONVERSION', event_family: 'CDP' });
    expect(payload).toMatchObject({
      conversion_identifier: 'reuniao-agendada', email: 'maria@example.com', mobile_phone: '+5541987654321', cf_cnpj: '11.222.333/0001-81',
      cf_segmento: 'Baterias', cf_servico: 'Consultoria Empresarial', cf_consultor: 'Ana Lima', traffic_source: 'google', traffic_medium: 'cpc',
      traffic_campaign: 'solar-pr', traffic_value: 'energia solar', available_for_mailing: false,
    });
    expect(payload).not.toHaveProperty('legal_bases');
    expect(payload).toMatchObject({ job_title: 'Diretor Comercial', cf_faturamento: 'R$ 50 mil - R$ 100 mil', cf_vendedores: '3 a 5' });
    expect(rdConversion({ ...message, data: { lead: { ...lead, phone: '+351912345678', marketing_opt_in: true } } }).payload)
      .toMatchObject({ mobile_phone: '+351912345678', available_for_mailing: true, legal_bases: [{ category: 'communications', type: 'consent', status: 'granted' }] });
  });

  it('traffic: utm first, then a click id, then the referring site', () => {
    expect(trafficOf({ gclid: 'x', landing_path: '/' })).toEqual({ traffic_source: 'google', traffic_medium: 'cpc' });
    expect(trafficOf({ fbclid: 'x', landing_path: '/' })).toEqual({ traffic_source: 'facebook', traffic_medium: 'cpc' });
    expect(trafficOf({ referrer_host: 'www.linkedin.com', landing_path: '/' })).toEqual({ traffic_source: 'www.linkedin.com', traffic_medium: 'referral' });
    expect(trafficOf({ landing_path: '/' })).toEqual({});
    expect(trafficOf(null)).toEqual({});
  });

  it('webhooks: the envelope is the same bytes every time it is built', () => {
    const message: EventMessage = { event: 'lead.created', at: '2026-11-26T12:00:00.123456+00:00', data: { lead } };
    expect(webhookBody(message)).toBe(webhookBody(structuredClone(message)));
    expect(JSON.parse(webhookBody(message))).toEqual({ type: 'lead.created', timestamp: '2026-11-26T12:00:00.123Z', data: { lead } });
  });
});
