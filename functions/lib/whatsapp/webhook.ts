// /api/whatsapp/webhook: Meta's subscription check (GET) and its signed posts (POST) with the statuses of
// the messages sent and the lead's replies. Without the settings: 404, as if there were no such address.
// - GET: hub.mode=subscribe and hub.verify_token equal to WHATSAPP_VERIFY_TOKEN → 200 with hub.challenge.
// - POST: X-Hub-Signature-256 = "sha256=" + HMAC-SHA256(app secret, the raw body), compared in constant
//   time before anything is parsed; then each status is applied by its wamid (never a phone number),
//   idempotently, unknown ids ignored; a reply "PARAR" stops the lead's messages.
// Every malformed request is a 4xx; nothing logged holds the token, the secret, a phone or a body.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WHATSAPP_STOP_WORD } from '../../../src/domain/whatsapp';
import type { App } from '../app';
import { allowMethods, guard, HttpError, json, readCappedBody } from '../http';
import type { WhatsAppEnv } from './config';
import { webhookPayload, type WebhookInbound, type WebhookStatus } from './payload';

/** Meta batches updates; its posts stay well under this. */
export const WEBHOOK_MAX_BYTES = 1024 * 1024;

export const webhookCopy = {
  notFound: 'Endereço não encontrado.',
  forbidden: 'Assinatura inválida.',
  badRequest: 'Dados do webhook inválidos.',
  tooLarge: 'Dados enviados são grandes demais.',
} as const;

/** "PARAR" however it is typed ("parar", " Parar! "): letters only, accents and case aside. */
export function isStopWord(body: string): boolean {
  return body.normalize('NFD').replace(/[^A-Za-z]/g, '').toUpperCase() === WHATSAPP_STOP_WORD;
}

export function signatureOf(secret: string, raw: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

function signatureMatches(secret: string, raw: Buffer, header: string | null): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = Buffer.from(signatureOf(secret, raw), 'utf8');
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createWhatsAppWebhookHandler(getApp: () => Promise<App>) {
  return (req: Request, context?: { waitUntil?: (p: Promise<unknown>) => void }) =>
    guard('whatsapp-webhook', async () => {
      allowMethods(req, ['GET', 'POST']);
      const app = await getApp();
      const settings = app.env.whatsapp;
      if (!settings) throw new HttpError(404, webhookCopy.notFound);
      if (req.method !== 'POST') return verify(req, settings);

      const raw = await readCappedBody(req, WEBHOOK_MAX_BYTES);
      if (!raw) throw new HttpError(413, webhookCopy.tooLarge);
      if (!signatureMatches(settings.appSecret, raw, req.headers.get('x-hub-signature-256'))) throw new HttpError(401, webhookCopy.forbidden);
      let data: unknown;
      try {
        data = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new HttpError(400, webhookCopy.badRequest);
      }
      const parsed = webhookPayload.safeParse(data);
      if (!parsed.success) throw new HttpError(400, webhookCopy.badRequest);

      const values = parsed.data.entry.flatMap((e) => e.changes).filter((c) => c.field === 'messages').map((c) => c.value);
      let fallbacks = 0;
      for (const status of values.flatMap((v) => v.statuses ?? [])) fallbacks += await applyStatus(app, status);
      for (const message of values.flatMap((v) => v.messages ?? [])) await applyInbound(app, message);
      if (fallbacks > 0) {
        const drained = app.outbox.kick();
        context?.waitUntil?.(drained);
      }
      return json({ ok: true }, 200);
    });
}

function verify(req: Request, settings: WhatsAppEnv): Response {
  const query = new URL(req.url).searchParams;
  const mode = query.get('hub.mode');
  const token = query.get('hub.verify_token') ?? '';
  const challenge = query.get('hub.challenge') ?? '';
  if (mode !== 'subscribe' || !/^[\x21-\x7e]{1,200}$/.test(challenge)) throw new HttpError(400, webhookCopy.badRequest);
  const expected = Buffer.from(settings.verifyToken, 'utf8');
  const given = Buffer.from(token, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(403, webhookCopy.forbidden);
  return new Response(challenge, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}

type StatusAnswer = { found: boolean; changed: boolean; fallback: boolean; message_id?: string; meeting_id?: string | null; kind?: string };

/** Applies one status; answers 1 when it left a message waiting for its e-mail fallback (queued here). */
async function applyStatus(app: App, status: WebhookStatus): Promise<number> {
  const seconds = Number(status.timestamp);
  const at = Number.isFinite(seconds) && seconds > 0 && seconds < 1e11 ? new Date(seconds * 1000) : app.now();
  const error = status.errors?.[0];
  const answer = await app.store.call<StatusAnswer>('whatsapp_status', {
    wamid: status.id, status: status.status, at: at.toISOString(), error_code: error?.code ?? null, error_title: error?.title ?? error?.message ?? null,
  });
  if (!answer.fallback) return 0;
  await app.whatsapp.fallback(answer);
  return 1;
}

/** A reply "PARAR" stops the lead's messages: found by the message it answers (its wamid), never by phone. */
async function applyInbound(app: App, message: WebhookInbound): Promise<void> {
  const words = message.text?.body ?? message.button?.text ?? message.button?.payload ?? '';
  if (!isStopWord(words)) return;
  const wamid = message.context?.id;
  if (!wamid) return;
  await app.store.call('whatsapp_stop', { wamid, now: app.now().toISOString() });
}
