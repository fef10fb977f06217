// Sends the integration rows of the outbox: RD Station conversions and signed webhooks, then the ad
// platforms' conversions (conversions/drain.ts). Runs as the
// outbox's second loop, beside the mail (mail/outbox.ts): every write's kick, the background flush and the
// minute's schedule deliver these too, and a hanging receiver never delays a mail; integration_claim
// leases rows so two drains never send one event at once.
import { Webhook } from 'standardwebhooks';
import { fits, type Budget } from '../budget';
import type { Store } from '../store/port';
import { OUTBOX_MAX_ATTEMPTS } from '../store/port';
import { failureAlert, integrationAlert } from './alerts';
import { rdVerdict, unanswered, webhookVerdict, type Verdict } from './answers';
import { targetsOf, type IntegrationsEnv } from './config';
import { rdConversion, webhookBody, type EventMessage } from './events';
import { DeliveryError, postJson } from './http';
import { retryAfterMs, retryDelayMs } from './retry';
import { createConversions } from '../conversions/drain';

/** Standard Webhooks asks for 15–30 s; RD gets the same. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/**
 * One row per claim, so an attempt is counted only for the row being tried, and its lease outlasts the
 * request's deadline: no row is sent twice at once.
 */
const LEASE_SECONDS = DELIVERY_TIMEOUT_MS / 1000 + 60;

type Target = 'rd' | 'webhook';
type ClaimedRow = { id: string; target: Target; event: string; message: EventMessage; attempts: number };

export type Integrations = {
  /** Tells the database which targets are on (their settings present); once per process, before any event. */
  configure(): Promise<void>;
  /**
   * Delivers what is due, one row at a time, while a delivery's deadline still fits the budget
   * (lib/budget.ts); never rejects for a receiver's failure.
   */
  drainDue(budget: Budget): Promise<void>;
};

export function createIntegrations(store: Store, env: IntegrationsEnv, opts: { now: () => Date; contactEmail: string; siteUrl: string; random?: () => number }): Integrations {
  const random = opts.random ?? Math.random;
  const signer = env.webhook ? new Webhook(env.webhook.secret) : null;
  let problemsLogged = false;
  /** How often a delivering process renews its sighting (the database writes it at most every 5 minutes). */
  const HEARTBEAT_MS = 60_000;
  let lastSeenAt = Number.NEGATIVE_INFINITY;
  // Meta's and Google's conversions: after RD's and the webhook's in every drain, on the same outbox.
  const conversions = createConversions(store, env.conversions, { now: opts.now, siteUrl: opts.siteUrl, random });
  const conversionsOn = env.conversions.meta !== null || env.conversions.google !== null;

  async function configure(): Promise<void> {
    if (!problemsLogged) {
      problemsLogged = true;
      for (const name of env.problems) console.error(`[integrations] ${name} is set but not usable; that integration stays off`);
    }
    // A process with a target's settings turns it on and says it is alive; one without them (a deploy
    // preview or a laptop on the same database) turns it off only after a day with no such process seen
    // (integration_configure, supabase/migrations/20261129200000_integration_heartbeat.sql).
    await store.call('integration_configure', { targets: targetsOf(env), now: opts.now().toISOString() });
    await conversions.configure();
    lastSeenAt = performance.now();
  }


  async function send(row: ClaimedRow): Promise<Verdict> {
    try {
      if (row.target === 'rd') {
        if (!env.rd) throw new DeliveryError('not_configured');
        // RD's API-key endpoint takes the key in the query string (its only form); this URL is never logged.
        const url = `${env.rd.baseUrl}/platform/conversions?api_key=${encodeURIComponent(env.rd.apiKey)}`;
        const answer = await postJson(url, JSON.stringify(rdConversion(row.message)), {}, { timeoutMs: DELIVERY_TIMEOUT_MS, publicOnly: !env.local });
        return rdVerdict(answer);
      }
      if (!env.webhook || !signer) throw new DeliveryError('not_configured');
      const body = webhookBody(row.message);
      // The id is the row's: the same on every retry, so the receiver can drop a repeat. The timestamp is
      // this attempt's, signed with the body (Standard Webhooks: "{id}.{timestamp}.{body}").
      const id = `msg_${row.id}`;
      const at = opts.now();
      const headers = {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(id, at, body),
      };
      return webhookVerdict(await postJson(env.webhook.url, body, headers, { timeoutMs: DELIVERY_TIMEOUT_MS, publicOnly: !env.local }));
    } catch (error) {
      return unanswered(error instanceof DeliveryError ? error.code : 'error');
    }
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    const verdict = await send(row);
    const now = opts.now();
    const result: Record<string, unknown> = { id: row.id, now: now.toISOString(), outcome: verdict.outcome, status: verdict.status };
    if (verdict.outcome === 'sent') result.response = verdict.response;
    else result.error = verdict.error;
    if (verdict.outcome === 'retry') {
      // Retry-After is the least wait, never less than the schedule's (a "0" would spend every attempt at once).
      const wait = Math.max(retryAfterMs(verdict.retryAfterHeader, now) ?? 0, retryDelayMs(row.target, row.attempts, random));
      result.next_attempt_at = new Date(now.getTime() + wait).toISOString();
    }
    const mentor = { to: opts.contactEmail, siteUrl: opts.siteUrl };
    result.max_attempts = OUTBOX_MAX_ATTEMPTS;
    if (verdict.outcome === 'pause') result.alert = integrationAlert(row.target, verdict.status, mentor);
    // Sent only if this is a refusal, or the last attempt: integration_result decides, at most once a day.
    else if (verdict.outcome !== 'sent') result.alert = failureAlert(row.target, row.event, verdict.error, row.message.data.lead ?? null, mentor);
    // Row ids, events and status codes only: the payloads hold personal data, the URLs may hold a key.
    if (verdict.outcome !== 'sent') console.warn(`[integrations] ${row.target} ${row.event} ${row.id} ${verdict.outcome} (${verdict.status ?? verdict.error}), attempt ${row.attempts}`);
    await store.call('integration_result', result);
  }

  /** The targets this process has settings for (a process never claims rows it could not send). */
  const sendable = [...(env.rd ? ['rd'] : []), ...(env.webhook ? ['webhook'] : [])];

  async function drainDue(budget: Budget): Promise<void> {
    if (sendable.length === 0 && !conversionsOn) return;
    if (performance.now() - lastSeenAt >= HEARTBEAT_MS) await configure();
    while (sendable.length > 0 && fits(budget, DELIVERY_TIMEOUT_MS)) {
      const [row] = await store.call<ClaimedRow[]>('integration_claim', {
        now: opts.now().toISOString(), limit: 1, lock_seconds: LEASE_SECONDS, max_attempts: OUTBOX_MAX_ATTEMPTS, targets: sendable,
      });
      if (!row) break;
      await deliver(row);
    }
    await conversions.drainDue(budget);
  }

  return { configure, drainDue };
}
