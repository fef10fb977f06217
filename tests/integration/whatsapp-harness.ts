// Shared by the WhatsApp tests: a fake Graph API with the templates of content/whatsapp.yaml, an app per case
// on the given store with WhatsApp settings pointing at it and a clock the case moves, the real handlers,
// and a check after every case that nothing logged holds the token, the app secret or a phone number.
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createManageHandler } from '../../functions/lib/handlers/manage';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { scheduledBudget } from '../../functions/lib/budget';
import { whatsappTemplates } from '../../functions/lib/whatsapp/templates';
import { signatureOf } from '../../functions/lib/whatsapp/webhook';
import { createWhatsAppWebhookHandler } from '../../functions/lib/whatsapp/webhook';
import { paramsOf } from '../../src/schemas/whatsapp';
import { startFakeGraph, type FakeGraph } from '../support/whatsapp-fake';
import { key, postJson, validRequest } from './helpers';
import type { Opened, StoreCase } from './stores';

export const WA = {
  phoneNumberId: '106540352242922',
  token: 'EAAGtesttoken0123456789abcdefXYZ',
  appSecret: 'app-secret-0123456789abcdef0123',
  verifyToken: 'verifica-0123456789',
  version: 'v24.0',
} as const;
/** A mobile as the form takes it, and as WhatsApp's E.164 digits. */
export const MOBILE = { typed: '(11) 98765-4321', e164: '5511987654321' };
export const LANDLINE = '(11) 3456-7890';

export function useWhatsApp(store: StoreCase) {
  let graph: FakeGraph;
  let opened: Opened | null = null;
  // Real time unless a case moves it: rows stamped by the database's now() are due by the app's clock.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  let logged: string[] = [];

  beforeAll(async () => {
    const templates = await whatsappTemplates();
    graph = await startFakeGraph({
      token: WA.token, phoneNumberId: WA.phoneNumberId, version: WA.version,
      templates: Object.values(templates.modelos).map((t) => ({ name: t.nome, params: paramsOf(t.texto) })),
    });
  });
  afterAll(() => graph.close());
  beforeEach(() => {
    logged = [];
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    }
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const line of logged) {
      for (const secret of [WA.token, WA.appSecret, WA.verifyToken, MOBILE.e164, '98765-4321']) expect(line).not.toContain(secret);
    }
    await opened?.close();
    opened = null;
    graph.sent.length = 0;
    graph.answers.length = 0;
    graph.withoutWhatsApp.clear();
    graph.unapproved.clear();
    graph.down = false;
  });

  /** An app with the WhatsApp settings (holdout 0 % unless given), or without any when `settings` is false. */
  async function open(extra: Record<string, string> = {}, settings = true) {
    offset = 0;
    const env = settings
      ? {
          WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId, WHATSAPP_TOKEN: WA.token, WHATSAPP_APP_SECRET: WA.appSecret,
          WHATSAPP_VERIFY_TOKEN: WA.verifyToken, WHATSAPP_API_VERSION: WA.version, WHATSAPP_API_URL: graph.url, WHATSAPP_HOLDOUT_PERCENT: '0', ...extra,
        }
      : extra;
    opened = await store.open({ now, env });
    const app = opened.app;
    const o = opened;
    const leads = createLeadsHandler(async () => app);
    const meetings = createMeetingsHandler(async () => app);
    const manage = createManageHandler(async () => app);
    const webhook = createWhatsAppWebhookHandler(async () => app);
    return {
      app, query: o.query, leads, meetings, manage, webhook,
      async lead(email: string, telefone = MOBILE.typed, whatsappOptIn: boolean | undefined = true): Promise<string> {
        const res = await leads(postJson('/api/leads', { ...validRequest, email, telefone, whatsappOptIn, idempotencyKey: key() }));
        if (res.status !== 201) throw new Error(`lead ${res.status} ${await res.text()}`);
        return (await res.json()).id;
      },
      async book(leadId: string, scheduledDate: string, scheduledTime = '10:00') {
        const res = await meetings(postJson('/api/meetings', { leadId, service: 'consultoria', diagnosticScore: 75, idempotencyKey: key(), scheduledDate, scheduledTime }));
        if (res.status !== 201) throw new Error(`booking ${res.status} ${await res.text()}`);
        return (await res.json()) as { meeting: { id: string; startsAt: string }; manageUrl: string };
      },
      manageCall: (body: Record<string, unknown>) => manage(postJson('/api/manage', body)),
      /** Runs every outbox loop (mail, integrations, WhatsApp) until idle. */
      async drain() {
        await app.outbox.kick(scheduledBudget());
        await app.outbox.idle();
      },
      messages: (meetingId: string) => o.query<{ kind: string; status: string; wamid: string | null; error_code: number | null; error_title: string | null; fallback_outbox_id: string | null }>(
        `select kind, status, wamid, error_code, error_title, fallback_outbox_id from whatsapp_messages where meeting_id = $1::uuid order by created_at, kind`, [meetingId]),
      mailKinds: async (meetingId: string) => (await o.query<{ kind: string }>(`select kind from outbox where meeting_id = $1::uuid and not outbox_is_integration(kind) order by created_at, kind`, [meetingId])).map((r) => r.kind),
      /** A signed POST from "Meta" (the signature over exactly these bytes). */
      post(body: unknown, signature?: string) {
        const raw = typeof body === 'string' ? body : JSON.stringify(body);
        return webhook(new Request('http://localhost/api/whatsapp/webhook', {
          method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? signatureOf(WA.appSecret, Buffer.from(raw)) }, body: raw,
        }));
      },
    };
  }

  return {
    get graph() {
      return graph;
    },
    get logged() {
      return logged;
    },
    now,
    /** Moves the app's clock to `ms` (it runs on from there). */
    advanceTo(ms: number) {
      offset = ms - Date.now();
    },
    open,
  };
}

/** Meta's status webhook for one message. */
export function statusUpdate(wamid: string, status: string, at = Math.floor(Date.now() / 1000), errors?: { code: number; title: string }[]) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA', changes: [{ field: 'messages', value: {
      messaging_product: 'whatsapp', metadata: { display_phone_number: '15550000000', phone_number_id: WA.phoneNumberId },
      statuses: [{ id: wamid, status, timestamp: String(at), recipient_id: 'BR.bsuid', ...(errors ? { errors } : {}) }],
    } }] }],
  };
}

/** The lead's reply, answering one of our messages (context.id: its wamid). */
export function replyTo(wamid: string, text: string) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA', changes: [{ field: 'messages', value: {
      messaging_product: 'whatsapp', metadata: { display_phone_number: '15550000000', phone_number_id: WA.phoneNumberId },
      messages: [{ from: 'BR.bsuid', id: 'wamid.in', timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text }, context: { id: wamid } }],
    } }] }],
  };
}
