// The words of Reuniões' filters and of "Enviar link para reagendar" (issue 32), for the console and its
// endpoints. Apart from copy.ts, which the sign-in screen's chunk carries: the sign-in must not grow with
// words only the signed-in console says.
import { schedulingConfig } from '../scheduling/config';
import type { MeetingDateField, MeetingOutcomeFilter } from './api';

/** The meetings list's "Desfecho" filter and "Período"'s date choice. */
export const meetingOutcomeFilterLabels: Record<MeetingOutcomeFilter, string> = {
  compareceu: 'Compareceu',
  'nao-compareceu': 'Não compareceu',
  qualificado: 'Qualificado',
  'sem-desfecho': 'Sem desfecho',
};
export const meetingDateFieldLabels: Record<MeetingDateField, string> = { reuniao: 'Data da reunião', agendamento: 'Data do agendamento' };

/** "Enviar link para reagendar" (issue 32 item 3): the button, its answer, and each refusal. */
export const rebookLinkCopy = {
  button: 'Enviar link para reagendar',
  sending: 'Enviando link…',
  hint: {
    open: 'O lead recebe por e-mail o link da reunião, onde escolhe um novo horário.',
    missed: 'O lead recebe por e-mail um link para escolher um novo horário, com os dados já preenchidos.',
  },
  sent: 'Link enviado. O lead recebe por e-mail um link para escolher um novo horário.',
  throttled: (time: string) => `Um link para reagendar acabou de ser enviado a este lead. Para enviar outro, tente de novo às ${time}.`,
  cancelled: 'Esta reunião foi cancelada; o e-mail de cancelamento já levou ao lead o link para agendar de novo.',
  closed: `A reunião começa em menos de ${schedulingConfig.minLeadMinutes / 60} horas: o lead não pode mais escolher outro horário pelo link. Combine com ele por telefone ou e-mail.`,
  attended: 'O lead compareceu a esta reunião; não há o que reagendar.',
  noOutcome: 'Registre antes o desfecho (quem não compareceu): depois da reunião, o link só vai quando ela não aconteceu.',
  booked: 'O lead já tem outra reunião marcada; nenhum link foi enviado.',
} as const;
