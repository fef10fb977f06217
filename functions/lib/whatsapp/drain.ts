// Sends the outbox's WhatsApp rows: a loop of its own beside the mail and the integrations (mail/outbox.ts),
// so Meta being slow or down never delays an e-mail or a booking. whatsapp_claim leases one row at a time
// (two drains never send one message at once) and drops what must not go any more; each send ends within
// SEND_TIMEOUT_MS and starts only if that fits the run's budget (lib/budget.ts).
import { fits, type Budget } from '../budget';
import type { ServerEnv } from '../env';
import { placeholder } from '../mail/secrets';
import { OUTBOX_MAX_ATTEMPTS, type Store, type WhatsAppOutboxMessage } from '../store/port';
import type { WhatsAppKind } from '../../../src/domain/whatsapp';
import type { WhatsAppParam } from '../../../src/schemas/whatsapp';
import { fallBackToMail, type FailedMessage } from './fallback';
import { SEND_TIMEOUT_MS, sendTemplate } from './send';
import { templateRequest, whatsappTemplates } from './templates';

/** The lease outlasts a send's deadline: a row is never sent twice at once. */
const LEASE_SECONDS = SEND_TIMEOUT_MS / 1000 + 60;

type Claimed = { id: string; attempts: number; message: WhatsAppOutboxMessage['message'] };
type Result = { found: boolean; fallback: boolean } & Partial<FailedMessage>;

/** Retries after 1, 2, 4 … minutes, at most 30: a message is worth little hours late (its TTL drops it). */
export function whatsappRetryMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 30) * 60_000;
}

export function createWhatsAppDrain(store: Store, env: ServerEnv, now: () => Date, fetchImpl?: typeof fetch) {
  const settings = env.whatsapp;

  /** After a failure that leaves the message 'falhou': its e-mail, once. Never rejects. */
  async function fallback(result: Result): Promise<void> {
    if (!result.fallback || !result.message_id || !result.kind) return;
    await fallBackToMail(store, env, now(), { message_id: result.message_id, meeting_id: result.meeting_id ?? null, kind: result.kind })
      .catch((error) => console.error(`[whatsapp] fallback ${result.message_id} failed (${(error as { code?: string })?.code ?? 'error'})`));
  }

  async function deliver(row: Claimed): Promise<void> {
    if (!settings) return;
    const templates = await whatsappTemplates();
    const suffix = row.message.suffix === placeholder(0) ? row.message.secrets?.[0] : undefined;
    if (!suffix) {
      // Its token was emptied (out of attempts and released, or stored without one): nothing usable to send.
      const result = await store.call<Result>('whatsapp_result', { id: row.id, now: now().toISOString(), outcome: 'failed', error_code: null, error_title: 'sem link', max_attempts: OUTBOX_MAX_ATTEMPTS });
      return fallback(result);
    }
    const body = templateRequest(templates, row.message.waKind as WhatsAppKind, {
      to: row.message.to, params: row.message.params as Record<WhatsAppParam, string>, suffix,
    });
    const answer = await sendTemplate(settings, body, fetchImpl);
    const at = now();
    if (answer.outcome === 'sent') {
      await store.call('whatsapp_result', { id: row.id, now: at.toISOString(), outcome: 'sent', wamid: answer.wamid });
      return;
    }
    // Row ids, kinds and Meta's codes only: the message holds a phone number and a link.
    console.warn(`[whatsapp] ${row.message.waKind} ${row.id} ${answer.outcome} (${answer.code ?? answer.status ?? answer.title}), attempt ${row.attempts}`);
    const result = await store.call<Result>('whatsapp_result', {
      id: row.id, now: at.toISOString(), outcome: answer.outcome, status: answer.status, error_code: answer.code, error_title: answer.title,
      next_attempt_at: new Date(at.getTime() + whatsappRetryMs(row.attempts)).toISOString(), max_attempts: OUTBOX_MAX_ATTEMPTS,
    });
    await fallback(result);
  }

  /** Sends what is due, one row at a time, while a send's deadline still fits the budget. */
  async function drainDue(budget: Budget): Promise<void> {
    if (!settings) return;
    while (fits(budget, SEND_TIMEOUT_MS)) {
      const [row] = await store.call<Claimed[]>('whatsapp_claim', {
        now: now().toISOString(), limit: 1, lock_seconds: LEASE_SECONDS, max_attempts: OUTBOX_MAX_ATTEMPTS,
      });
      if (!row) return;
      await deliver(row);
    }
  }

  return { drainDue, fallback };
}
export type WhatsAppDrain = ReturnType<typeof createWhatsAppDrain>;
