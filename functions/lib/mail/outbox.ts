// Drains the outbox table. Messages are committed with their lead or meeting; sending happens after
// the answer is ready (Netlify context.waitUntil, or in the background locally), on every later write,
// and every minute by functions/outbox-drain.ts. A failed message waits 1, 2, 4 … minutes (max 6 h)
// and is given up after OUTBOX_MAX_ATTEMPTS, keeping last_error for a human to look at.
import type { OutboxRow, Store } from '../store/port';
import { LEAD_DIGEST_EVERY_SECONDS, LEAD_DIGEST_KIND, LEAD_DIGEST_SUBJECT, leadDigestMail } from './lead-digest';
import { unsealMessage } from './secrets';
import type { MailSender } from './transport';

export type Outbox = {
  /** Starts a drain in the background (or joins the running one); never rejects. */
  kick(): Promise<void>;
  /** Resolves when no drain is running (tests, graceful stops). */
  idle(): Promise<void>;
};

export function backoffMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360) * 60_000;
}

/**
 * alsoDeliver: the integration rows (RD Station, webhooks) of the same table (integrations/deliver.ts),
 * delivered by a loop of their own, kicked with the mail's.
 */
export function createOutbox(store: Store, send: MailSender, now: () => Date, alsoDeliver?: () => Promise<void>): Outbox {
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

  async function drainDue(): Promise<void> {
    for (let round = 0; round < 20; round++) {
      const batch = await store.claimOutbox(now(), 10);
      // Once nothing is due, the held lead notices become a digest, sent in the next round.
      if (batch.length === 0 && (await store.digestHeldNotices(now(), LEAD_DIGEST_EVERY_SECONDS, LEAD_DIGEST_SUBJECT)) === 0) return;
      for (const row of batch) await deliver(row);
    }
  }

  /**
   * One loop that runs `work` again while kicked meanwhile, and is joined by a kick while it runs. Mail
   * and integration deliveries each have their own: a receiver that hangs (up to its 15 s timeout) never
   * holds back a mail queued meanwhile, a sign-in code included.
   */
  function loop(work: () => Promise<void>, label: string) {
    let running: Promise<void> | null = null;
    let again = false;
    return {
      kick(): Promise<void> {
        if (running) {
          again = true;
          return running;
        }
        running = (async () => {
          do {
            again = false;
            await work().catch((error) => console.error(`${label} drain failed: ${(error as { code?: string })?.code ?? 'error'}`));
          } while (again);
        })().finally(() => {
          running = null;
        });
        return running;
      },
      idle: () => running ?? Promise.resolve(),
    };
  }

  const mail = loop(drainDue, '[mail] outbox');
  const deliveries = alsoDeliver ? loop(alsoDeliver, '[integrations]') : null;

  /**
   * Starts both loops; resolves when both are done (a scheduled drain, or Netlify's waitUntil, must cover
   * the deliveries too). The mail loop does not wait for the deliveries' one, whatever it waits on.
   */
  async function kick(): Promise<void> {
    await Promise.all([mail.kick(), deliveries?.kick()]);
  }

  return { kick, idle: async () => void (await Promise.all([mail.idle(), deliveries?.idle()])) };
}
