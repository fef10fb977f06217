// The follow-up's numbers, in one place (the SQL functions of
// supabase/migrations/20261127000200_lead_followup.sql take them in `p`).

/** A lead without a meeting this long after the form gets the mail. */
export const FOLLOWUP_DELAY_SECONDS = 15 * 60;
/**
 * Leads older than this never get it: a run after a long outage (or the first run after a deploy) does
 * not mail people who filled the form days ago.
 */
export const FOLLOWUP_MAX_AGE_SECONDS = 24 * 60 * 60;
/** How long the mailed link opens the scheduling dialog. */
export const FOLLOWUP_TTL_DAYS = 7;
export const FOLLOWUP_TTL_SECONDS = FOLLOWUP_TTL_DAYS * 24 * 60 * 60;

/**
 * The follow-up goes to an address nobody verified: at most this many an hour from one source (the
 * submitter's network: an IPv4, an IPv6 /56; keyed hash), and per tier of how real a lead looks
 * (lead_followup_tier in supabase/schemas/functions/): a stranger's junk lands in 'other' and spends only
 * that budget, so a real lead's mail never waits for it. 30 in all, as before the tiers: a few dozen an hour
 * is far above the site's real pace of unbooked leads, and the mentor's domain sends no more than it did.
 * A lead over a cap waits (retried when a slot opens) while inside FOLLOWUP_MAX_AGE_SECONDS.
 */
export const FOLLOWUPS_PER_SOURCE_PER_HOUR = 3;
export const FOLLOWUP_BUDGETS = {
  /** Its person or its source booked a meeting before: the most real, and strangers cannot mint it cheaply. */
  known: 10,
  /** Details of its own (CNPJ and phone on no other person's lead), from a source that is not in a burst. */
  plausible: 15,
  /** The rest: replayed details, a repeated-digit phone, a company name without letters, a burst source. */
  other: 5,
} as const;
export type FollowupTier = keyof typeof FOLLOWUP_BUDGETS;
/** The old single hourly cap, now the sum of the tiers' budgets. */
export const FOLLOWUPS_PER_HOUR = FOLLOWUP_BUDGETS.known + FOLLOWUP_BUDGETS.plausible + FOLLOWUP_BUDGETS.other;
