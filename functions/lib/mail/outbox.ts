// Drains the outbox table. Messages are committed with their lead or meeting; sending happens after
// the answer is ready (Netlify context.waitUntil, or in the background locally), on every later write,
// and every minute by functions/outbox-drain.ts. A failed message waits 1, 2, 4 … minutes (max 6 h)
// and is given up after OUTBOX_MAX_ATTEMPTS, keeping last_error for a human to look at.
import { fits, laterOf, requestBudget, workLeft, type Budget } from '../budget';
import type { OutboxRow, Store } from '../store/port';
import { LEAD_DIGEST_EVERY_SECONDS, LEAD_DIGEST_KIND, LEAD_DIGEST_SUBJECT, leadDigestMail } from './lead-digest';
import { unsealMessage } from './secrets';
import { WORST_SEND_MS } from './smtp-timeouts';
import type { MailSender } from './transport';

export type Outbox = {
  /**
   * Starts the drains in the background (or joins the running ones), each bounded by `budget` (default:
   * a request's, lib/budget.ts); never rejects. Mail and integration deliveries run side by side, so a
   * new mail never waits behind a slow RD or webhook request.
   */
  kick(budget?: Budget): Promise<void>;
  /** Resolves when no drain is running (tests, graceful stops). */
  idle(): Promise<void>;
};

export function backoffMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360) * 60_000;
}

/** At most this many rows per claim: a claim is one round trip, a batch is sent one by one. */
const MAX_BATCH = 10;

/**
 * One background loop: a kick while it runs makes it go round once more (within the later budget), so a
 * row committed during a drain is never left for the next minute.
 */
function loop(label: string, work: (budget: Budget) => Promise<void>) {
  let running: Promise<void> | null = null;
  let again = false;
  let budget: Budget;
  return {
    kick(next: Budget): Promise<void> {
      if (running) {
        again = true;
        budget = laterOf(budget, next);
        return running;
      }
      budget = next;
      running = (async () => {
        do {
          again = false;
          await work(budget).catch((error) => console.error(`[${label}] drain failed: ${(error as { code?: string })?.code ?? 'error'}`));
        } while (again && workLeft(budget) > 0);
      })().finally(() => {
        running = null;
      });
      return running;
    },
    idle: () => running ?? Promise.resolve(),
  };
}

/**
 * alsoDeliver: the integration rows (RD Station, webhooks) of the same table, delivered by their own loop
 * beside the mail (integrations/deliver.ts); alsoWhatsApp: the WhatsApp rows, by a third loop
 * (whatsapp/drain.ts), so a slow Meta delays neither.
 */
export function createOutbox(store: Store, send: MailSender, now: () => Date, alsoDeliver?: (budget: Budget) => Promise<void>, alsoWhatsApp?: (budget: Budget) => Promise<void>): Outbox {
  const worstSend = send.worstMs ?? WORST_SEND_MS;
  async function deliver(row: OutboxRow): Promise<void> {
    if (row.dropped) {
      // Its address reached the hourly cap (claim_outbox): never sent, and no request fails for it.
      console.warn(`[mail] ${row.kind} ${row.id} dropped (recipient_hourly_limit)`);
      return;
    }
    const content = row.kind === LEAD_DIGEST_KIND ? leadDigestMail(row.message) : unsealMessage(row.message);
    try {
      // A digest whose notices were all erased meanwhile has nothing left to say.
      if (content) await send(row.id, content);
      await store.markSent(row.id, now());
    } catch (error) {
      const code = String((error as { code?: unknown })?.code ?? (error as Error)?.name ?? 'error');
      console.warn(`[mail] ${row.kind} ${row.id} failed (${code}), attempt ${row.attempts}; will retry`);
      await store.markFailed(row.id, new Date(now().getTime() + backoffMs(row.attempts)), code);
    }
  }

  /**
   * Claims only what fits in the time left: 10 rows first, then as many as the mean send time so far
   * allows (≤ 10), so a slow mail server makes small claims instead of leasing rows it cannot send in time.
   * Not one row first: a claim that holds a lead notice for the digest returns nothing for it, so a claim
   * of 1 could come back empty with mail still due, and end the drain.
   */
  async function drainDue(budget: Budget): Promise<void> {
    let sends = 0;
    let spentMs = 0;
    for (;;) {
      const left = workLeft(budget);
      if (left <= 0) return;
      const limit = sends === 0 ? MAX_BATCH : Math.max(1, Math.min(MAX_BATCH, Math.floor(left / Math.max(1, spentMs / sends))));
      const batch = await store.claimOutbox(now(), limit);
      // Once nothing is due, the held lead notices become a digest, sent in the next round.
      if (batch.length === 0 && (await store.digestHeldNotices(now(), LEAD_DIGEST_EVERY_SECONDS, LEAD_DIGEST_SUBJECT)) === 0) return;
      for (const [index, row] of batch.entries()) {
        // A send starts only if it can end, by its own timeouts, before the run must: a run stopped at its
        // limit mid-send could not record the send, and the mail would go out again.
        if (!fits(budget, worstSend)) {
          await store.releaseOutbox(batch.slice(index).map((r) => r.id));
          return;
        }
        const started = performance.now();
        await deliver(row);
        spentMs += performance.now() - started;
        sends++;
      }
    }
  }

  const mail = loop('mail', drainDue);
  const deliveries = alsoDeliver ? loop('integrations', alsoDeliver) : null;
  const whatsapp = alsoWhatsApp ? loop('whatsapp', alsoWhatsApp) : null;
  return {
    async kick(budget = requestBudget()) {
      await Promise.all([mail.kick(budget), deliveries?.kick(budget), whatsapp?.kick(budget)]);
    },
    async idle() {
      await Promise.all([mail.idle(), deliveries?.idle(), whatsapp?.idle()]);
    },
  };
}
