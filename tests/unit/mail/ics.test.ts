// Invites with hostile names: valid RFC 5545 (quoted parameter values without DQUOTE, RFC 6868 ^'),
// parsed back by node-ical (what mail clients' libraries do) and by ical.js (Mozilla's strict parser).
import ICAL from 'ical.js';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { rescheduleMails, cancelMails } from '../../../functions/lib/mail/lifecycle-messages';
import { meetingInvites, type MailMeeting } from '../../../functions/lib/mail/messages';
import { encodeParamValue } from '../../../functions/lib/mail/ics';
import type { OutboxMessage } from '../../../functions/lib/store/port';
import { schedulingConfig } from '../../../src/domain/scheduling/config';

const HOSTILE = ['Carlos "Kadu" Pereira', 'Ana; Maria, Jr: 😀 Ávila', 'Zé ^ "Caret" \\ Barra; Longo Nome Completo Com Acentuação Çãõ 🚀🚀🚀 e Mais', 'O\'Brien, "Bob"'];
const settings = { mailFrom: 'Mentor Solar <agenda@mentor.example.com>', replyTo: 'contato@mentor.example.com', siteUrl: 'https://site.example', scheduling: schedulingConfig };
const links = { lead: 'https://site.example/reuniao#t=lead', consultant: 'https://site.example/reuniao#t=consultant' };

function meeting(leadName: string, consultantName: string, sequence = 0, presellerId = 'p'): MailMeeting {
  return {
    id: '6f1c2d3e-0000-4000-8000-00000000abcd', startsAt: new Date('2026-12-01T13:00:00Z'), minutes: 30, service: 'consultoria', sequence,
    lead: {
      id: 'l', nomeCompleto: leadName, email: 'lead@example.com', cnpj: '12ABC34501DE35', nomeEmpresa: 'Solar; "Norte"', telefone: '43999998888',
      cargo: 'outro', faturamento: '0-50', numeroVendedores: 'nenhum', segmento: 'outro', outroSegmento: leadName, modeloNegocio: 'b2b', service: 'consultoria',
    },
    preseller: { id: presellerId, name: consultantName, email: 'consultor@example.com', roomUrl: null },
    leadTimeZone: 'Europe/Lisbon',
  };
}

/** Unfolds content lines (RFC 5545 3.1) after checking each physical line: CRLF, ≤ 75 octets, whole UTF-8 characters. */
function contentLines(raw: string): string[] {
  expect(raw.endsWith('\r\n')).toBe(true);
  const physical = raw.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(Buffer.from(line, 'utf8').toString('utf8'), 'a character split by folding').toBe(line);
  }
  return physical.reduce<string[]>((out, line) => (line.startsWith(' ') ? [...out.slice(0, -1), out.at(-1) + line.slice(1)] : [...out, line]), []);
}

/** Checks one invite three ways and returns the attendees' names as ical.js decodes them. */
function check(message: OutboxMessage, expected: { method: string; sequence: number; names: string[] }) {
  const raw = message.message.icalEvent!.content;
  // RFC 5545 grammar of the people lines: every parameter value is quoted-string without DQUOTE, or a plain
  // value without DQUOTE, ';', ':' or ','; then the address.
  for (const line of contentLines(raw).filter((l) => /^(ATTENDEE|ORGANIZER)[;:]/.test(l))) {
    expect(line).toMatch(/^(ATTENDEE|ORGANIZER)(;[A-Z-]+=("[^"]*"|[^";:,]*))*:mailto:[^\s";]+$/i);
  }

  const parsed = ical.sync.parseICS(raw);
  const events = Object.values(parsed).filter((e) => e?.type === 'VEVENT') as VEvent[];
  expect(events).toHaveLength(1);
  const [event] = events;
  expect(event.uid).toBe('6f1c2d3e-0000-4000-8000-00000000abcd@mentor-solar');
  expect(Number(event.sequence)).toBe(expected.sequence);
  expect((parsed.vcalendar as { method?: string }).method).toBe(expected.method);
  const attendees = [event.attendee].flat() as { params: Record<string, string>; val: string }[];
  expect(attendees.map((a) => a.val.toLowerCase()).sort()).toEqual(['mailto:consultor@example.com', 'mailto:lead@example.com']);
  // node-ical hands parameter values over undecoded (no RFC 6868) and cuts a quoted value at ';'
  // (its parser splits parameters on every ';'), so its CN is compared only where it can be right.
  for (const [name, address] of [[expected.names[0], 'mailto:lead@example.com'], [expected.names[1], 'mailto:consultor@example.com']]) {
    const cn = attendees.find((a) => a.val.toLowerCase() === address)!.params.CN;
    if (!name.includes(';')) expect(cn).toBe(encodeParamValue(name));
  }

  const vevent = new ICAL.Component(ICAL.parse(raw)).getFirstSubcomponent('vevent')!;
  expect(vevent.getFirstPropertyValue('uid')).toBe(event.uid);
  const people = vevent.getAllProperties('attendee').map((p) => ({ cn: p.getParameter('cn'), to: String(p.getFirstValue()).toLowerCase() }));
  expect(people).toEqual([{ cn: expected.names[0], to: 'mailto:lead@example.com' }, { cn: expected.names[1], to: 'mailto:consultor@example.com' }]);
  if (expected.method === 'CANCEL') expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
}

describe('invites with hostile names', () => {
  it('encodes DQUOTE, caret and line breaks as RFC 6868 says', () => {
    expect(encodeParamValue('a "b" ^c\nd')).toBe("a ^'b^' ^^c^nd");
  });

  for (const leadName of HOSTILE) {
    const consultantName = HOSTILE[(HOSTILE.indexOf(leadName) + 1) % HOSTILE.length];
    it(`booking, reschedule and cancel for ${leadName} with ${consultantName}`, () => {
      const booked = meetingInvites({ ...settings, meeting: meeting(leadName, consultantName), links });
      expect(booked).toHaveLength(2);
      for (const m of booked) check(m, { method: 'REQUEST', sequence: 0, names: [leadName, consultantName] });

      const before = meeting(leadName, consultantName, 0);
      const after = { ...meeting(leadName, 'Novo "Consultor"; Ç', 1, 'p2'), startsAt: new Date('2026-12-02T14:00:00Z') };
      const moved = rescheduleMails({ ...settings, before, after, links: { lead: 'https://site.example/reuniao#t=l2', consultant: 'https://site.example/reuniao#t=new' } });
      expect(moved.map((m) => m.kind)).toEqual(['meeting-rescheduled-lead', 'meeting-preseller', 'meeting-cancelled-preseller']);
      check(moved[0], { method: 'REQUEST', sequence: 1, names: [leadName, 'Novo "Consultor"; Ç'] });
      check(moved[1], { method: 'REQUEST', sequence: 1, names: [leadName, 'Novo "Consultor"; Ç'] });
      check(moved[2], { method: 'CANCEL', sequence: 1, names: [leadName, consultantName] });

      const cancelled = cancelMails({ ...settings, meeting: meeting(leadName, consultantName, 2), actor: 'lead', reason: null, bookAgainUrl: 'https://site.example/orcamento', links });
      for (const m of cancelled) check(m, { method: 'CANCEL', sequence: 2, names: [leadName, consultantName] });
    });
  }
});
