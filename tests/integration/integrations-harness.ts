// Shared by the integration-delivery tests (integrations-rd, integrations-webhooks): local RD and webhook
// receivers, an app per case on the given store with a clock the case moves, and a check after every case
// that nothing logged holds the key, the secret or an address.
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { leadRow } from '../../functions/lib/store/rows';
import { validateLead } from '../../src/domain/lead';
import { startReceiver, type Receiver } from '../support/receiver';
import { key, validRequest } from './helpers';
import type { Opened, StoreCase } from './stores';

export const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
export const RD_KEY = 'rd-test-key-0123456789';
const FIRST_TOUCH = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', gclid: 'abc', landing_path: '/' };
const LAST_TOUCH = { referrer_host: 'www.linkedin.com', landing_path: '/trafego-pago' };

export type Delivery = {
  kind: string; event: string; attempts: number; sent_at: string | null; failed_at: string | null; last_error: string | null;
  last_status: number | null; response: { event_uuid?: string } | null; message: unknown;
};

/** Registers the hooks of one describe block and returns its tools. */
export function useIntegrations(store: StoreCase) {
  let rd: Receiver;
  let hook: Receiver;
  let opened: Opened | null = null;
  let clock = Date.now();
  const now = () => new Date(clock);

  beforeAll(async () => {
    rd = await startReceiver({ status: 200, body: JSON.stringify({ event_uuid: 'uuid-ok' }) });
    hook = await startReceiver({ status: 204 });
  });
  afterAll(async () => {
    await rd.close();
    await hook.close();
  });
  let logged: string[] = [];
  beforeEach(() => {
    logged = [];
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    }
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const line of logged) {
      expect(line).not.toContain(RD_KEY);
      expect(line).not.toContain(SECRET.slice(6));
      expect(line).not.toMatch(/@example\.com|api_key/);
    }
    await opened?.close();
    opened = null;
    rd.received.length = 0;
    hook.received.length = 0;
  });

  /** Local use (CONTEXT=dev, as `npm start` runs) unless a case says otherwise: the receivers are on 127.0.0.1. */
  async function open(env: Record<string, string>, local = true) {
    clock = Date.now();
    opened = await store.open({ now, env: local ? { CONTEXT: 'dev', ...env } : env });
    await opened.app.integrations.configure();
    return opened;
  }

  return {
    get rd() {
      return rd;
    },
    get hook() {
      return hook;
    },
    now,
    /** Moves the app's clock. */
    advance(ms: number) {
      clock += ms;
    },
    open,
    withRd: () => open({ RD_STATION_API_KEY: RD_KEY, RD_STATION_API_URL: rd.url }),
    withHook: (extra: Record<string, string> = {}) => open({ WEBHOOK_URL: `${hook.url}/hooks/mentor`, WEBHOOK_SECRET: SECRET, ...extra }),
    async closeOpened() {
      await opened?.close();
      opened = null;
    },
    /** A lead stored by create_lead with its touches (as POST /api/leads stores them). */
    async insertLead(o: Opened, email: string, extra: Record<string, unknown> = {}) {
      const id = crypto.randomUUID();
      const form = validateLead({ ...validRequest, email });
      if (!form.ok) throw new Error('invalid fixture');
      const row = {
        ...leadRow({ ...form.data, id, idempotencyKey: key(), origem: 'site', privacyPolicyVersion: validRequest.privacyPolicyVersion, requestHash: 'a'.repeat(64), service: 'trafego' }),
        first_touch: FIRST_TOUCH, last_touch: LAST_TOUCH, ...extra,
      };
      await o.query('select * from create_lead($1::jsonb)', [row]);
      return id;
    },
    deliveries: (o: Opened, kind: string) =>
      o.query<Delivery>(`select kind, event, attempts, sent_at, failed_at, last_error, last_status, response, message from outbox where kind = $1 order by created_at, id`, [kind]),
    async drain(o: Opened) {
      await o.app.outbox.kick();
      await o.app.outbox.idle();
    },
  };
}
