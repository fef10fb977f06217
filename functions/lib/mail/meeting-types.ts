// What a meeting's mails are made from: its own module so that messages.ts and meeting-mail.ts (which
// messages.ts uses) need not import each other.
import type { Service } from '../../../src/domain/options';
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import type { LeadRecord, Preseller } from '../store/port';

/** A meeting as its mails describe it. */
export type MailMeeting = {
  id: string;
  startsAt: Date;
  minutes: number;
  service: Service;
  /** iCalendar SEQUENCE of this mail's invite (0 when booked, +1 per change). */
  sequence: number;
  lead: LeadRecord;
  preseller: Preseller;
  /** The lead's IANA zone (from the browser at booking); the lead's mails add the local time when it differs. */
  leadTimeZone: string | null;
};
/**
 * What every message needs besides its meeting: the sender (MAIL_FROM), where replies go (the contact
 * address), the one public origin for links (SITE_URL), and the scheduling rules (zone, slot length).
 */
export type MailSettings = { mailFrom: string; replyTo: string; siteUrl: string; scheduling: SchedulingConfig };
