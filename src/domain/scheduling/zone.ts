// The visitor's own time zone, as the browser reports it at booking (Intl), kept with the meeting so the
// lead's mails can add their local time. It is a hint, never a reason to refuse a booking: anything
// that is not a zone this runtime knows becomes null (the mails then show Brasília time only).

export const TIME_ZONE_MAX = 64;
/**
 * An IANA zone name ('America/Sao_Paulo', 'Etc/GMT+3', 'UTC'). The CHECK constraint on
 * meetings.lead_time_zone (is_time_zone_name, supabase/migrations/20261124000000_booking_trust.sql)
 * uses the same pattern and length.
 */
export const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The canonical name of a zone Intl accepts (any case in, e.g. 'utc' → 'UTC'), else null. */
export function timeZoneOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > TIME_ZONE_MAX) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // Offsets ('+03:00') are accepted by newer runtimes but are not zone names: no daylight-saving rules.
  return resolved.length <= TIME_ZONE_MAX && TIME_ZONE_PATTERN.test(resolved) ? resolved : null;
}
