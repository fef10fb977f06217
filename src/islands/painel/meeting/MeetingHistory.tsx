// A meeting's history, oldest first: booked, rescheduled from → to, cancelled (by whom, why), each mail
// (subject, to whom, when sent), each WhatsApp message with its last status ("WhatsApp: entregue") and each outcome.
import type { MeetingEvent } from '../../../domain/painel/api';
import { WHATSAPP_KIND_WORDS, whatsappStatusLine } from '../../../domain/whatsapp';
import { explainWhatsAppError, whatsappSkipWords } from '../../../domain/whatsapp-errors';
import { dateTimeOf } from '../format';
import { cancelledByLabels, mailRecipientLabels, outcomeLabel } from '../labels';
import { ui } from '../styles';

function describe(event: MeetingEvent): { title: string; detail?: string } {
  switch (event.kind) {
    case 'booked':
      return { title: 'Agendada', detail: `Para ${dateTimeOf(event.startsAt)}` };
    case 'rescheduled':
      return { title: 'Reagendada', detail: `De ${dateTimeOf(event.from)} para ${dateTimeOf(event.to)}` };
    case 'cancelled':
      return {
        // From the painel: the person who pressed "Confirmar cancelamento", not only their role.
        title: event.who ? `Cancelada pelo painel por ${event.who}` : `Cancelada${event.by ? ` ${cancelledByLabels[event.by]}` : ''}`,
        detail: event.reason ? `Motivo: ${event.reason}` : 'Sem motivo informado',
      };
    case 'mail':
      return {
        title: `E-mail ${mailRecipientLabels[event.to] ?? ''}: “${event.subject}”`,
        detail: event.sentAt ? `Enviado em ${dateTimeOf(event.sentAt)}` : 'Ainda não enviado',
      };
    case 'whatsapp': {
      const failed = event.status === 'falhou' || event.status === 'substituido_por_email';
      return {
        title: `${WHATSAPP_KIND_WORDS[event.waKind]} · ${whatsappStatusLine(event.status)}`,
        detail: [
          `Último status em ${dateTimeOf(event.statusAt)}.`,
          failed && explainWhatsAppError(event.errorCode, event.errorTitle),
          event.status === 'pulado' && event.errorTitle && whatsappSkipWords[event.errorTitle],
        ].filter(Boolean).join(' '),
      };
    }
    case 'outcome':
      return {
        title: `Desfecho: ${outcomeLabel(event.outcome)}`,
        detail: [`Registrado por ${event.outcome.recordedBy}`, event.outcome.note && `Observação: ${event.outcome.note}`].filter(Boolean).join('. '),
      };
  }
}

export function MeetingHistory({ events }: { events: MeetingEvent[] }) {
  if (events.length === 0) return <p className="text-slate-600">Nenhum registro.</p>;
  return (
    <ol className="grid gap-3 border-l-2 border-slate-200 pl-4">
      {events.map((event, index) => {
        const { title, detail } = describe(event);
        return (
          <li key={`${event.kind}-${event.at}-${index}`} className={ui.wrap}>
            <p className="text-sm text-slate-600 tabular-nums">{dateTimeOf(event.at)}</p>
            <p className="font-semibold text-slate-900">{title}</p>
            {detail && <p className="whitespace-pre-line text-sm text-slate-700">{detail}</p>}
          </li>
        );
      })}
    </ol>
  );
}
