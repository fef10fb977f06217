// Sends the ad platforms' conversions from the outbox (kinds 'meta' and 'google'), as the integrations'
// loop does RD's and the webhook's: leased one at a time by integration_claim, recorded by
// integration_result, retried on the same back-off, resent through integration_resend. It runs after the
// RD/webhook deliveries in the outbox's second loop, so a platform that is down or slow never delays a
// lead's mail or a booking.
import { fits, type Budget } from '../budget';
import type { Store } from '../store/port';
import { OUTBOX_MAX_ATTEMPTS } from '../store/port';
import { retryDelayMs } from '../integrations/retry';
import { conversionTargetsOf, type ConversionsEnv } from './config';
import { META_MAX_AGE_MS, type ConversionMessage } from './events';
import { googleTokens, sendGoogle } from './google';
import { sendMeta } from './meta';
import { SEND_TIMEOUT_MS, SendError, type SendVerdict } from './verdict';
import type { ConversionPlatform, SkipReason } from '../../../src/domain/conversions';

/** The lease outlasts a send's deadline (a token request and the event's): no row is sent twice at once. */
const LEASE_SECONDS = (2 * SEND_TIMEOUT_MS) / 1000 + 60;

type ClaimedRow = { id: string; target: ConversionPlatform; event: string; message: ConversionMessage; attempts: number };
type Outcome = SendVerdict | { outcome: 'skipped'; reason: SkipReason };

export type Conversions = {
  /** Tells the database which platforms are on (their settings present); with the integrations' (deliver.ts). */
  configure(): Promise<void>;
  /** Sends what is due while a send still fits the budget; never rejects for a platform's failure. */
  drainDue(budget: Budget): Promise<void>;
};

export function createConversions(store: Store, env: ConversionsEnv, opts: { now: () => Date; siteUrl: string; random?: () => number }): Conversions {
  const random = opts.random ?? Math.random;
  const googleToken = env.google ? googleTokens(env.google.account, opts.now) : null;
  const sendable = [...(env.meta ? ['meta'] : []), ...(env.google ? ['google'] : [])];
  let problemsLogged = false;

  async function configure(): Promise<void> {
    if (!problemsLogged) {
      problemsLogged = true;
      // Names only, never values.
      for (const name of env.problems) console.error(`[conversions] ${name} is set but not usable; that platform stays off`);
    }
    await store.call('integration_configure', { targets: conversionTargetsOf(env), now: opts.now().toISOString() });
  }

  /** Too old for the platform, or a stage the platform has nowhere to count: skipped alone, never sent. */
  function skipReason(row: ClaimedRow): SkipReason | null {
    if (row.target === 'meta' && opts.now().getTime() - Date.parse(row.message.at) > META_MAX_AGE_MS) return 'velho_demais';
    if (row.target === 'google' && !env.google?.destinations[row.message.event]) return 'sem_destino';
    return null;
  }

  async function send(row: ClaimedRow): Promise<Outcome> {
    const skip = skipReason(row);
    if (skip) return { outcome: 'skipped', reason: skip };
    try {
      if (row.target === 'meta') {
        if (!env.meta) throw new SendError('not_configured');
        return await sendMeta(env.meta, row.message, opts.siteUrl);
      }
      if (!env.google || !googleToken) throw new SendError('not_configured');
      return await sendGoogle(env.google, googleToken, row.message);
    } catch (error) {
      const code = error instanceof SendError ? error.code : 'network';
      // A refused service-account key waits for the mentor; no answer at all is tried again.
      return code === 'token' || code === 'not_configured' ? { outcome: 'failed', status: null, error: code } : { outcome: 'retry', status: null, error: code };
    }
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    let verdict = await send(row);
    const now = opts.now();
    // Out of attempts: refused for good (state 'recusado', with the last error), so it can be resent.
    if (verdict.outcome === 'retry' && row.attempts >= OUTBOX_MAX_ATTEMPTS) verdict = { ...verdict, outcome: 'failed' };
    const result: Record<string, unknown> = { id: row.id, now: now.toISOString(), outcome: verdict.outcome, max_attempts: OUTBOX_MAX_ATTEMPTS, alert: false };
    if (verdict.outcome === 'skipped') result.reason = verdict.reason;
    else {
      result.status = verdict.status;
      if (verdict.outcome === 'sent') result.response = verdict.response;
      else {
        result.error = verdict.error;
        if (verdict.outcome === 'failed' && verdict.response) result.response = verdict.response;
      }
      if (verdict.outcome === 'retry') result.next_attempt_at = new Date(now.getTime() + retryDelayMs('rd', row.attempts, random)).toISOString();
    }
    // Row id, platform, stage and status only: the payload holds personal data, the request a token.
    if (verdict.outcome !== 'sent') {
      const detail = verdict.outcome === 'skipped' ? verdict.reason : (verdict.status ?? verdict.error);
      console.warn(`[conversions] ${row.target} ${row.event} ${row.id} ${verdict.outcome} (${detail}), attempt ${row.attempts}`);
    }
    await store.call('integration_result', result);
  }

  async function drainDue(budget: Budget): Promise<void> {
    if (sendable.length === 0) return;
    while (fits(budget, 2 * SEND_TIMEOUT_MS)) {
      const [row] = await store.call<ClaimedRow[]>('integration_claim', {
        now: opts.now().toISOString(), limit: 1, lock_seconds: LEASE_SECONDS, max_attempts: OUTBOX_MAX_ATTEMPTS, targets: sendable,
      });
      if (!row) return;
      await deliver(row);
    }
  }

  return { configure, drainDue };
}
