// The shape every message about a meeting shares, for its two readers. The lead reads when (with their
// own clock), with whom, how it happens and their buttons; replies go to the contact address. The
// consultant reads when (with the lead's clock), how it happens, who the lead is with every qualifying
// answer, and their buttons; replies go to the lead, since answering the lead is what a consultant does
// with these mails (the contact address would only add a hop through the mentor's inbox).
import type { MailContent } from '../store/port';
import { firstName } from '../../../src/domain/text';
import { composeMail, type Block, type Link, type MailBody } from './layout';
import { describeMeeting, leadRows, meetingPlace, whenLines, type Audience } from './meeting-facts';
import type { MailMeeting, MailSettings } from './meeting-types';
import { openInPainel, painelUrl } from '../../../src/domain/painel/address';

export type MeetingMailInput = {
  settings: MailSettings;
  meeting: MailMeeting;
  audience: Audience;
  to: string;
  subject: string;
  /** Paragraphs before the date block. */
  intro: string[];
  /** Paragraphs after the details (a cancellation reason, what happens next). */
  after?: string[];
  /** The recipient's buttons (manage link first). */
  links: Link[];
  /** A meeting that will not happen: no button to join it, nothing to prepare. */
  cancelled?: boolean;
  icalEvent?: MailContent['icalEvent'];
  /** "Abrir no painel" on the meeting: every consultant mail but the one whose meeting left their agenda. */
  inPainel?: boolean;
};

/** The lead's manage link button; the consultant's. */
export const leadManageLabel = 'Reagendar ou cancelar';
export const consultantManageLabel = 'Ver ou cancelar a reunião';
/** On a cancelled meeting, the same links show its cancelled state. */
export const viewLabel = 'Ver a reunião';

export function meetingBody(input: MeetingMailInput): MailBody {
  const { meeting, settings, audience } = input;
  const about = describeMeeting(meeting, settings.scheduling);
  const place = meetingPlace(meeting, audience);
  const name = audience === 'lead' ? meeting.lead.nomeCompleto : meeting.preseller.name;
  const rows: [string, string][] = [
    ['Serviço', about.serviceLabel],
    // Never tell the consultant their own name.
    ...(audience === 'lead' ? [['Consultor', meeting.preseller.name] as [string, string]] : []),
    ['Como será', place.url ? `${place.label}: ${place.url}` : place.label],
  ];
  const join: Link[] = place.url && place.join && !input.cancelled ? [{ label: place.join, url: place.url }] : [];
  // Every mail to the consultant about a meeting opens it in the console too (history, outcome, the lead).
  const links: Link[] = audience === 'consultant' && input.inPainel !== false ? [...input.links, { label: openInPainel, url: painelUrl(settings.siteUrl, { kind: 'meeting', id: meeting.id }) }] : input.links;
  const blocks: Block[] = [
    ...input.intro.map((text) => ({ type: 'text' as const, text })),
    { type: 'when', lines: whenLines(meeting, settings.scheduling, audience) },
    { type: 'rows', rows },
    ...(input.cancelled ? [] : [{ type: 'text' as const, text: place.detail }]),
    ...(audience === 'consultant' ? [{ type: 'rows' as const, title: 'Sobre o lead', rows: leadRows(meeting) }] : []),
    ...(input.after ?? []).map((text) => ({ type: 'text' as const, text })),
    ...(join.length + links.length ? [{ type: 'buttons' as const, links: [...join, ...links] }] : []),
  ];
  return {
    greeting: `Olá, ${firstName(name)}!`,
    blocks,
    footer: {
      siteUrl: settings.siteUrl,
      note: audience === 'lead'
        ? `Dúvidas? Responda a este e-mail ou escreva para ${settings.replyTo}.`
        : `Ao responder a este e-mail, você escreve para o lead (${meeting.lead.email}).`,
    },
  };
}

/** A message about a meeting, multipart, with the Reply-To its reader needs. */
export function meetingMail(input: MeetingMailInput): MailContent {
  const replyTo = input.audience === 'lead' ? input.settings.replyTo : input.meeting.lead.email;
  return composeMail(
    { to: input.to, subject: input.subject, replyTo, ...(input.icalEvent ? { icalEvent: input.icalEvent } : {}) },
    meetingBody(input),
  );
}
