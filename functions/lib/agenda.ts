// A consultant's private subscription feed of their meetings. Calendar apps can only subscribe to a URL,
// so the token travels in the path: 256 random bits, stored only as its SHA-256 and rotatable.
import { createHash, randomBytes } from 'node:crypto';
import type { EventAttributes } from 'ics';
import { labelOf, serviceOptions, type Service } from '../../src/domain/options';
import { maskPhone } from '../../src/domain/phone';
import { foldOctets, icsLib } from './mail/ics';
import type { Agenda } from './store/port';
import { withoutTrailingSlashes } from './base-url';

export const AGENDA_PATH = '/api/agenda';

export function newAgendaToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Shape of a token newAgendaToken makes (43 base64url characters); anything else is not looked up. */
export function isAgendaToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function agendaTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function agendaUrl(siteUrl: string, token: string): string {
  return `${withoutTrailingSlashes(siteUrl)}${AGENDA_PATH}/${token}`;
}

/** One VEVENT per scheduled meeting: lead's name, company, phone and email. Text is escaped by `ics`. */
export function agendaIcs(agenda: Agenda): string {
  const events: EventAttributes[] = agenda.meetings.map((m) => {
    const service = labelOf(serviceOptions, m.service as Service);
    return {
      uid: `${m.id}@mentor-solar`,
      productId: 'mentor-solar/agenda',
      calName: `Reuniões — ${agenda.name}`,
      start: new Date(m.starts_at).getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: new Date(m.ends_at).getTime(),
      endInputType: 'utc',
      endOutputType: 'utc',
      title: `${service}: ${m.lead_name} (${m.company})`,
      description: [`Lead: ${m.lead_name}`, `Empresa: ${m.company}`, `Telefone: ${maskPhone(m.phone)}`, `Email: ${m.email}`].join('\n'),
      status: 'CONFIRMED',
      busyStatus: 'BUSY',
    };
  });
  if (events.length === 0) {
    // ics refuses an empty list; an empty calendar is still a valid subscription.
    return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:mentor-solar/agenda', 'CALSCALE:GREGORIAN', `X-WR-CALNAME:${escapeText(`Reuniões — ${agenda.name}`)}`, 'END:VCALENDAR', ''].join('\r\n');
  }
  const { error, value } = icsLib().createEvents(events);
  if (error || !value) throw Object.assign(new Error('agenda ics failed'), { code: 'agenda_ics' });
  // `ics` folds at 75 characters; accented names need the fold at 75 octets.
  return foldOctets(value);
}

/** RFC 5545 TEXT escaping, only for the empty calendar's name (events are escaped by `ics`). */
function escapeText(s: string): string {
  return s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');
}
