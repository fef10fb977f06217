// The messages as built (no database): escaping, the two parts saying the same, dates with weekday and
// the lead's own zone, where the meeting happens, Reply-To per reader, and the PUBLISH file.
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { cancelMails, manageLinkMail, reminderMail, rescheduleMails } from '../../../functions/lib/mail/lifecycle-messages';
import { escapeHtml, html, isWebUrl } from '../../../functions/lib/mail/html';
import { renderHtml } from '../../../functions/lib/mail/layout';
import { leadLocalTime } from '../../../functions/lib/mail/meeting-facts';
import { meetingIcs, meetingInvites, newLeadNotification, type MailMeeting } from '../../../functions/lib/mail/messages';
import type { MailContent, OutboxMessage } from '../../../functions/lib/store/port';
import { schedulingConfig } from '../../../src/domain/scheduling/config';
import { brWeekday } from '../../../src/domain/scheduling/time';

const settings = { mailFrom: 'Mentor Solar <nao-responda@mentorsolar.com.br>', replyTo: 'contato@mentorsolar.com.br', siteUrl: 'https://mentorsolar.com.br', scheduling: schedulingConfig };
const links = { lead: 'https://mentorsolar.com.br/reuniao#t=lead', consultant: 'https://mentorsolar.com.br/reuniao#t=consultant' };
const HOSTILE = 'Zé <script>alert("x")</script> & Cia';
const ROOM = 'https://meet.google.com/abc-defg-hij';

function meeting(overrides: Partial<MailMeeting> = {}): MailMeeting {
  return {
    id: '6f1c2d3e-0000-4000-8000-00000000abcd', startsAt: new Date('2026-11-26T17:00:00Z'), minutes: 30, service: 'trafego', sequence: 0,
    lead: {
      id: 'l', nomeCompleto: HOSTILE, email: 'ze@example.com', cnpj: '12ABC34501DE35', nomeEmpresa: 'Solar <b>Norte</b>', telefone: '43999998888',
      cargo: 'gerente-vendas', faturamento: '500-1000', numeroVendedores: '6-10', segmento: 'outro', outroSegmento: 'Agro <i>', modeloNegocio: 'hibrido', service: 'trafego',
    },
    preseller: { id: 'p', name: 'Ana Souza', email: 'ana@consultores.example.com', roomUrl: null },
    leadTimeZone: 'Europe/Lisbon',
    ...overrides,
  };
}

/** The HTML's readable text (tags dropped, entities decoded) and its hrefs. */
function visible(markup: string): string {
  const hrefs = [...markup.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
  const text = markup.replace(/<[^>]*>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return `${text.replace(/\s+/g, ' ')} ${hrefs.join(' ').replace(/&amp;/g, '&')}`;
}

/** Every line of the text part is in the HTML part: label and value, button label and address. */
function expectSameWords(message: MailContent) {
  const shown = visible(message.html!);
  for (const line of message.text.split('\n').filter((l) => l.trim() && l !== '--')) {
    for (const part of line.split(/: (?=\S)| · /)) expect(shown, `"${part}" of "${line}"`).toContain(part.trim().replace(/:$/, ''));
  }
}

const all = (): OutboxMessage[] => [
  ...meetingInvites({ ...settings, meeting: meeting(), links }),
  ...rescheduleMails({ ...settings, before: meeting(), after: meeting({ sequence: 1, startsAt: new Date('2026-11-27T13:00:00Z') }), links }),
  ...rescheduleMails({ ...settings, before: meeting(), after: meeting({ sequence: 1, preseller: { id: 'p2', name: 'Bruno Lima', email: 'bruno@consultores.example.com', roomUrl: ROOM } }), links }),
  ...cancelMails({ ...settings, meeting: meeting({ sequence: 2 }), actor: 'consultant', reason: 'Imprevisto <urgente>', bookAgainUrl: 'https://mentorsolar.com.br/orcamento', links }),
  manageLinkMail({ ...settings, meeting: meeting(), link: links.lead }),
  reminderMail({ ...settings, meeting: meeting(), kind: '24h', inWords: '24 horas', link: links.lead }),
];

describe('escaping', () => {
  it('escapes the five HTML characters, and the tag escapes every value but its own fragments', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}${['<', inner]}${null}${false}</p>`.value).toBe('<p><b>&lt;i&gt;</b>&lt;<b>&lt;i&gt;</b></p>');
    expect(isWebUrl(ROOM)).toBe(true);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'mentorsolar.com.br/reuniao', 'https://a.b/"onmouseover="x']) {
      expect(isWebUrl(url), url).toBe(false);
      // Shown, never linked.
      const markup = renderHtml('s', { greeting: 'Olá!', blocks: [{ type: 'buttons', links: [{ label: 'Abrir', url }] }], footer: { siteUrl: url, note: 'n' } });
      expect(markup).not.toMatch(/href=/);
    }
  });

  it('a name with <script> is escaped in every HTML part, and kept as typed in the text part', () => {
    for (const { kind, message } of [...all(), newLeadNotification({ ...meeting().lead, idempotencyKey: 'k', origem: 'site', privacyPolicyVersion: 'v', requestHash: 'h' }, 'contato@mentorsolar.com.br', settings.siteUrl)]) {
      expect(message.html, kind).toBeDefined();
      expect(message.html, kind).not.toMatch(/<script|<b>Norte|<i>|<urgente>/);
      expect(message.html, kind).not.toMatch(/<(img|link|style)\b|\ssrc=/i);
      if (message.text.includes(HOSTILE)) expect(message.html, kind).toContain('Zé &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cia');
    }
  });
});

describe('the two parts', () => {
  it('say the same words, every message', () => {
    for (const { kind, message } of all()) {
      expect(message.html, kind).toMatch(/^<!doctype html>\n<html lang="pt-BR">/);
      expectSameWords(message);
    }
  });

  it('Reply-To: the contact address for the lead, the lead for the consultant and the mentor; every meeting message has its reader’s link', () => {
    for (const { kind, message } of all()) {
      const toLead = message.to === 'ze@example.com';
      const removed = kind === 'meeting-cancelled-preseller' && message.subject.startsWith('Reunião removida');
      expect(message.replyTo, kind).toBe(toLead || removed ? 'contato@mentorsolar.com.br' : 'ze@example.com');
      if (!removed) expect(message.text, kind).toContain(toLead ? links.lead : links.consultant);
      if (!toLead) expect(message.text, kind).not.toContain('Consultor:');
    }
    const notice = newLeadNotification({ ...meeting().lead, idempotencyKey: 'k', origem: 'site', privacyPolicyVersion: 'v', requestHash: 'h' }, 'contato@mentorsolar.com.br', settings.siteUrl);
    expect(notice.message.replyTo).toBe('ze@example.com');
  });

  it('"Abrir no painel": the mentor\'s notice opens the lead, every consultant mail about a meeting opens it; the lead\'s mails never', () => {
    const lead = { ...meeting().lead, idempotencyKey: 'k', origem: 'site', privacyPolicyVersion: 'v', requestHash: 'h' };
    const notice = newLeadNotification(lead, 'contato@mentorsolar.com.br', settings.siteUrl).message;
    expect(notice.text).toContain(`Abrir no painel: https://mentorsolar.com.br/painel#lead=${lead.id}`);
    expect(notice.html).toContain(`href="https://mentorsolar.com.br/painel#lead=${lead.id}"`);
    for (const { kind, message } of all()) {
      const link = `https://mentorsolar.com.br/painel#reuniao=${meeting().id}`;
      // The consultant who lost a reassigned meeting cannot open it any more.
      const removed = message.subject.startsWith('Reunião removida');
      if (message.to === 'ze@example.com' || removed) expect(message.text, kind).not.toContain('/painel');
      else expect(message.html, kind).toContain(`href="${link}"`);
    }
  });

  it('the consultant reads every qualifying answer with its pt-BR label; the lead reads their consultant', () => {
    const [toLead, toConsultant] = meetingInvites({ ...settings, meeting: meeting(), links });
    for (const row of ['Cargo: Gerente de Vendas', 'Faturamento mensal: R$ 500 mil - R$ 1 milhão', 'Número de vendedores: 6 a 10',
      'Segmento: Outro: Agro <i>', 'Modelo de negócio: Híbrido']) {
      expect(toConsultant.message.text).toContain(row);
      expect(toLead.message.text).not.toContain(row);
    }
    expect(toLead.message.text).toContain('Consultor: Ana Souza');
  });
});

describe('dates', () => {
  it('weekday, date, time and zone; the lead’s own clock and zone name when it reads differently', () => {
    expect(brWeekday('2026-11-26')).toBe('quinta-feira');
    expect(brWeekday('2026-11-29')).toBe('domingo');
    const [toLead, toConsultant] = meetingInvites({ ...settings, meeting: meeting(), links });
    expect(toLead.message.text).toContain('quinta-feira, 26/11/2026 às 14:00 (horário de Brasília)');
    expect(toLead.message.text).toContain('No seu fuso: quinta-feira, 26/11/2026 às 17:00 (Horário Padrão da Europa Ocidental, Europe/Lisbon)');
    expect(toLead.message.text).toContain('Duração: 30 minutos');
    expect(toConsultant.message.text).toContain('No fuso do lead: quinta-feira, 26/11/2026 às 17:00 (Horário Padrão da Europa Ocidental, Europe/Lisbon)');
    // Summer time is named as such, and another day is another weekday.
    expect(leadLocalTime({ startsAt: new Date('2026-07-02T17:00:00Z'), leadTimeZone: 'Europe/Lisbon' }, schedulingConfig))
      .toBe('quinta-feira, 02/07/2026 às 18:00 (Horário de Verão da Europa Ocidental, Europe/Lisbon)');
    expect(leadLocalTime({ startsAt: new Date('2026-11-26T17:00:00Z'), leadTimeZone: 'Asia/Tokyo' }, schedulingConfig))
      .toBe('sexta-feira, 27/11/2026 às 02:00 (Horário Padrão do Japão, Asia/Tokyo)');
    for (const zone of [null, 'America/Sao_Paulo', 'America/Bahia', 'Mars/Base', '']) {
      expect(leadLocalTime({ startsAt: new Date('2026-11-26T17:00:00Z'), leadTimeZone: zone }, schedulingConfig), String(zone)).toBeNull();
    }
    const home = meetingInvites({ ...settings, meeting: meeting({ leadTimeZone: 'America/Sao_Paulo' }), links });
    for (const { message } of home) expect(message.text).not.toMatch(/No (seu )?fuso/);
  });
});

describe('invites', () => {
  function event(content: string): VEvent {
    return Object.values(ical.sync.parseICS(content)).find((e) => e?.type === 'VEVENT') as VEvent;
  }

  it('ORGANIZER is the consultant; LOCATION is the phone call or the room (plus URL); each reader gets their own description', () => {
    const [toLead, toConsultant] = meetingInvites({ ...settings, meeting: meeting(), links });
    const forLead = event(toLead.message.icalEvent!.content);
    const forConsultant = event(toConsultant.message.icalEvent!.content);
    for (const e of [forLead, forConsultant]) expect(String((e.organizer as unknown as { val: string }).val).toLowerCase()).toBe('mailto:ana@consultores.example.com');
    expect(forLead.location).toBe('Ligação telefônica: Ana Souza liga para o seu telefone, (43) 99999-8888');
    expect(forConsultant.location).toBe('Ligação telefônica: Ana Souza liga para (43) 99999-8888');
    expect(forLead.description).toContain(`Reagendar ou cancelar: ${links.lead}`);
    expect(forLead.description).not.toContain('Cargo');
    expect(forConsultant.description).toContain('Cargo: Gerente de Vendas');
    expect(forConsultant.description).toContain('No fuso do lead: quinta-feira, 26/11/2026 às 17:00');
    expect(forConsultant.description).toContain(links.consultant);

    const video = meetingInvites({ ...settings, meeting: meeting({ preseller: { ...meeting().preseller, roomUrl: ROOM } }), links });
    for (const { message } of video) {
      const e = event(message.icalEvent!.content);
      expect(e.location).toBe(ROOM);
      expect(String(e.url)).toBe(ROOM);
      expect(message.html).toContain(`<a href="${ROOM}"`);
      expect(message.html).toContain('>Entrar na videochamada</a>');
    }
  });

  it('PUBLISH: the event for one’s own calendar, nobody asked to answer', () => {
    const file = meetingIcs(meeting({ preseller: { ...meeting().preseller, roomUrl: ROOM } }), 'PUBLISH', settings).content;
    expect(file).toMatch(/^METHOD:PUBLISH\r$/m);
    expect(file).not.toMatch(/^ATTENDEE/m);
    expect(file).toMatch(/^ORGANIZER;CN="Ana Souza":mailto:ana@consultores\.example\.com\r$/im);
    const e = event(file);
    expect(e.location).toBe(ROOM);
    expect(e.summary).toBe('Reunião de Tráfego Pago com Ana Souza');
  });
});
