// A meeting (MeetingView): when, service, consultant, state; the lead's contact; the whole history;
// and, when the viewer may, the outcome form.
import { useId, useState } from 'react';
import { painelPaths, type MeetingView } from '../../../domain/painel/api';
import { maskCnpj } from '../../../domain/cnpj';
import { locationCopy } from '../../../domain/meeting-location';
import { PhoneLinks } from '../PhoneLinks';
import { dateTimeOf, timeOf } from '../format';
import { badge, meetingState, meetingStateLabel, serviceLabel, stateBadge } from '../labels';
import { ui } from '../styles';
import { BackButton, Notice, RetryAlert, ScreenHeading, type Message } from '../ui';
import { useResource } from '../useResource';
import { Facts } from '../Facts';
import { MeetingHistory } from './MeetingHistory';
import { CancelForm } from './CancelForm';
import { OutcomeForm } from './OutcomeForm';
import { RebookLinkButton } from './RebookLinkButton';
import { RescheduleForm } from './RescheduleForm';
import { RoutingWhyPanel } from './RoutingWhyPanel';
import { Skeleton } from '../Skeleton';

interface Props {
  id: string;
  onBack: () => void;
  /** The meeting changed here (an outcome): the list shows it as it is now. */
  onChanged: (meeting: MeetingView) => void;
  onOpenLead: (id: string, opener: HTMLElement) => void;
}

export default function MeetingDetail({ id, onBack, onChanged, onOpenLead }: Props) {
  const { state, replace, reload } = useResource<MeetingView>(painelPaths.meeting(id));
  const [notice, setNotice] = useState<Message>(null);
  const meeting = state.phase === 'ready' ? state.data : null;
  // Unique ids: a meeting opened from a lead opened from a meeting keeps both details mounted.
  const uid = useId();

  function recorded(next: MeetingView) {
    replace(next);
    onChanged(next);
    setNotice({ kind: 'status', text: 'Desfecho registrado.' });
  }

  // Names when, with whom and how: the move may have changed the consultant, and with them video ↔ phone (painel-polish #6).
  function rescheduled(next: MeetingView) {
    replace(next);
    onChanged(next);
    setNotice({ kind: 'status', text: `Reunião reagendada para ${dateTimeOf(next.startsAt)} com ${next.consultant.name}, por ${locationCopy[next.how].label.toLowerCase()}. O lead recebeu o convite atualizado.` });
  }

  function cancelled(next: MeetingView) {
    replace(next);
    onChanged(next);
    setNotice({ kind: 'status', text: 'Reunião cancelada. O lead e o consultor receberam o cancelamento por e-mail.' });
  }

  // The mail shows in the history; the button says it went.
  function linkSent(next: MeetingView) {
    replace(next);
    onChanged(next);
  }

  return (
    <article aria-labelledby={`${uid}-titulo`} className="grid gap-5">
      <div>
        <BackButton onBack={onBack} />
      </div>
      <ScreenHeading id={`${uid}-titulo`} focus>
        {meeting ? `Reunião com ${meeting.lead.name}` : 'Reunião'}
      </ScreenHeading>
      {state.phase === 'loading' && <Skeleton status="Carregando a reunião…" rows={4} />}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={() => void reload()} />}
      <Notice message={notice} focus />
      {meeting && (
        <>
          <section aria-labelledby={`${uid}-resumo`} className={ui.card}>
            <h3 id={`${uid}-resumo`} className="sr-only">
              Resumo
            </h3>
            <Facts
              rows={[
                ['Data e horário', `${dateTimeOf(meeting.startsAt)} – ${timeOf(meeting.endsAt)} (horário de Brasília)`],
                ['Serviço', serviceLabel(meeting.service)],
                ['Consultor', meeting.consultant.name],
                ['Como será', locationCopy[meeting.how].label],
                ['Situação', <span key="s" className={`${badge} ${stateBadge[meetingState(meeting)]}`}>{meetingStateLabel(meeting)}</span>],
              ]}
            />
          </section>
          {/* The outcome is what the viewer came for once the meeting started: on a phone it no longer starts below the contact card. */}
          {meeting.canRecordOutcome && (
            <section className={ui.card}>
              <OutcomeForm idPrefix={uid} meetingId={meeting.id} current={meeting.outcome} onRecorded={recorded} />
            </section>
          )}
          <section aria-labelledby={`${uid}-contato`} className={ui.card}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 id={`${uid}-contato`} className={ui.subheading}>
                Contato do lead
              </h3>
              <button type="button" className={ui.small} onClick={(e) => onOpenLead(meeting.lead.id, e.currentTarget)}>
                Ver lead
              </button>
            </div>
            <Facts
              rows={[
                ['Nome', meeting.lead.name],
                ['Empresa', meeting.lead.company],
                ['E-mail', <a key="e" href={`mailto:${meeting.lead.email}`} className={ui.link}>{meeting.lead.email}</a>],
                ['Telefone', <PhoneLinks key="t" phone={meeting.lead.phone} />],
                ['CNPJ', maskCnpj(meeting.lead.cnpj)],
              ]}
            />
          </section>
          {(meeting.canCancel || meeting.rebookLink) && (
            <section aria-label="Alterar a reunião" className={`${ui.card} grid gap-4`}>
              {/* Keyed by the time: after a move the form starts again, closed. */}
              {meeting.canCancel && <RescheduleForm key={meeting.startsAt} idPrefix={uid} meeting={meeting} onRescheduled={rescheduled} />}
              {meeting.rebookLink && <RebookLinkButton idPrefix={uid} meetingId={meeting.id} kind={meeting.rebookLink} onSent={linkSent} />}
              {meeting.canCancel && <CancelForm idPrefix={uid} meetingId={meeting.id} onCancelled={cancelled} />}
            </section>
          )}
          <RoutingWhyPanel idPrefix={uid} why={meeting.why ?? null} />
          <section aria-labelledby={`${uid}-historico`} className={ui.card}>
            <h3 id={`${uid}-historico`} className={`${ui.subheading} mb-4`}>
              Histórico
            </h3>
            <MeetingHistory events={meeting.events} />
          </section>
        </>
      )}
    </article>
  );
}
