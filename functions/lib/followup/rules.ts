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
 * The follow-up goes to an address nobody verified: at most this many an hour from all forms, and from
 * one source (the submitter's network, keyed hash); the rest are skipped, recorded and counted in the
 * painel's report. A few dozen an hour is far above the site's real pace of unbooked leads.
 */
export const FOLLOWUPS_PER_HOUR = 30;
export const FOLLOWUPS_PER_SOURCE_PER_HOUR = 3;
