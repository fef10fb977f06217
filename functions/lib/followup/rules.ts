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
