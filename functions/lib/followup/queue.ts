// "Preencheu mas não agendou", queued by functions/lead-followup.ts every 5 minutes with the app's clock.
// Rule (supabase/migrations/20261127000200_lead_followup.sql): a consulting or paid-traffic lead whose
// rule offers meetings, with no meeting 15 minutes after the form (and at most a day after it), gets one
// mail with a personal link to the scheduling dialog, valid 7 days. Never twice (one row per lead, written
// with the mail in one transaction), never after a booking (re-checked under the person's booking lock;
// a booking after the queue drops the unsent mail), one per person while a link is valid, and inside the
// per-address hourly cap of the outbox. Skipped for good when the form looked automated; held back (recorded,
// counted on the painel's Integrações screen) past the hourly cap of its source or of its tier (how real
// the lead looks: rules.ts), then retried when a slot opens while the lead is inside its window.
import type { Service } from '../../../src/domain/options';
import { FOLLOWUP_FRAGMENT } from '../../../src/domain/followup';
import type { App } from '../app';
import { scheduledBudget, workLeft, type Budget } from '../budget';
import { followupMail } from '../mail/followup-mail';
import { sealMessage, type SealedContent } from '../mail/secrets';
import { mintToken } from '../manage/tokens';
import {
  FOLLOWUP_BUDGETS, FOLLOWUP_DELAY_SECONDS, FOLLOWUP_MAX_AGE_SECONDS, FOLLOWUP_TTL_DAYS, FOLLOWUP_TTL_SECONDS, FOLLOWUPS_PER_SOURCE_PER_HOUR,
  type FollowupTier,
} from './rules';

type DueLead = { leadId: string; name: string; email: string; service: Service };
/** lead_followup_queue's answer: queued, refused on the re-check, or held back (a cap) / skipped (automated). */
type QueueAnswer = boolean | { skipped: 'automated' | 'source_cap' | 'hourly_cap'; tier: FollowupTier | null };

const BATCH = 50;

/** The link the mail carries: the token in the fragment, never in the query (no server log sees it). */
export function followupUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/orcamento#${FOLLOWUP_FRAGMENT}=${token}`;
}

/**
 * Queues the follow-ups due now while the budget lasts (the rest next run); returns how many were queued,
 * and sends them within the same budget.
 */
export async function queueDueFollowups(app: App, budget: Budget = scheduledBudget()): Promise<number> {
  const { store, env } = app;
  let queued = 0;
  const rule = { delay_seconds: FOLLOWUP_DELAY_SECONDS, max_age_seconds: FOLLOWUP_MAX_AGE_SECONDS };
  // Tiers whose hourly budget this run found full: their waiting leads are not asked again until next run.
  const fullTiers = new Set<FollowupTier>();
  while (workLeft(budget) > 0) {
    const now = app.now();
    const due = await store.call<DueLead[]>('lead_followup_due', { now: now.toISOString(), limit: BATCH, skip_tiers: [...fullTiers], ...rule });
    let queuedNow = 0;
    let skippedNow = 0;
    for (const lead of due) {
      if (workLeft(budget) <= 0) break;
      // Only the hash is stored; the token exists in the mail alone (sealed apart until it is sent).
      const { token, row } = mintToken('lead');
      const mail = followupMail({
        name: lead.name, service: lead.service, link: followupUrl(env.siteUrl, token), ttlDays: FOLLOWUP_TTL_DAYS,
        siteUrl: env.siteUrl, replyTo: env.contactEmail,
      });
      const message: SealedContent = sealMessage({ ...mail, to: lead.email }, [token]);
      const answer = await store.call<QueueAnswer>('lead_followup_queue', {
        lead_id: lead.leadId, now: now.toISOString(), token_hash: row.hash, ttl_seconds: FOLLOWUP_TTL_SECONDS, ...rule, message,
        budgets: FOLLOWUP_BUDGETS, per_source: FOLLOWUPS_PER_SOURCE_PER_HOUR,
      });
      if (answer === true) queuedNow++;
      else if (answer !== false) {
        skippedNow++;
        if (answer.skipped === 'hourly_cap' && answer.tier) fullTiers.add(answer.tier);
      }
    }
    queued += queuedNow;
    // A held-back lead leaves the list until its retry time (after this run), so a burst past the caps is
    // worked through in one run. A lead refused on the re-check stays in it (booked, or its person got one
    // meanwhile): stop there.
    if (due.length < BATCH || queuedNow + skippedNow === 0) break;
  }
  if (queued > 0) await app.outbox.kick(budget);
  return queued;
}
