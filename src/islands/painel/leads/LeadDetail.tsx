// A lead (LeadView). For the mentor: 'Exportar dados' (the person's data as JSON, and as a readable
// pt-BR text file) and 'Excluir dados'.
import { useId, useRef, useState, type ReactNode } from 'react';
import { painelPaths, type LeadView } from '../../../domain/painel/api';
import { attributionCopy, integrationCopy, personCopy } from '../../../domain/painel/copy';
import { dealCopy } from '../../../domain/painel/deals';
import { leadConversionsCopy } from '../../../domain/painel/conversions-screen';
import { dateTimeOf } from '../format';
import { ui } from '../styles';
import { BackButton, RetryAlert, ScreenHeading } from '../ui';
import { useResource } from '../useResource';
import { EraseLead } from './EraseLead';
import { LeadAttribution } from './LeadAttribution';
import { LeadConversions } from './LeadConversions';
import { LeadDeals } from './LeadDeals';
import { LeadIntegrations } from './LeadIntegrations';
import { LeadAnswers, LeadConsent, LeadMails, LeadMeetings, LeadSubmissions } from './LeadView';
import { Skeleton } from '../Skeleton';

interface Props {
  id: string;
  mentor: boolean;
  onBack: () => void;
  onOpenMeeting: (id: string, opener: HTMLElement) => void;
  onErased: (summary: string) => void;
}

export default function LeadDetail({ id, mentor, onBack, onOpenMeeting, onErased }: Props) {
  const { state, replace, reload } = useResource<LeadView>(painelPaths.lead(id));
  const [erasing, setErasing] = useState(false);
  const eraseButton = useRef<HTMLButtonElement>(null);
  // Unique ids: more than one lead page can be mounted (a lead, its meeting, the lead again).
  const uid = useId();
  const lead = state.phase === 'ready' ? state.data : null;

  const section = (key: string, title: string, body: ReactNode) => (
    <section aria-labelledby={`${uid}-${key}`} className={ui.card}>
      <h3 id={`${uid}-${key}`} className={`${ui.subheading} mb-2`}>
        {title}
      </h3>
      {body}
    </section>
  );

  return (
    <article aria-labelledby={`${uid}-titulo`} className="grid gap-5">
      <div>
        <BackButton onBack={onBack} />
      </div>
      <ScreenHeading id={`${uid}-titulo`} focus>
        {lead ? lead.answers.nomeCompleto : 'Lead'}
      </ScreenHeading>
      {state.phase === 'loading' && <Skeleton status="Carregando o lead…" rows={4} />}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={() => void reload()} />}
      {lead && (
        <>
          {mentor && !erasing && (
            <div className="flex flex-col gap-3 sm:flex-row">
              <a href={painelPaths.leadData(lead.id)} download className={ui.linkButton}>
                Exportar dados (JSON)
              </a>
              <a href={painelPaths.leadDataText(lead.id)} download className={ui.linkButton}>
                Exportar dados (texto)
              </a>
              <button type="button" ref={eraseButton} onClick={() => setErasing(true)} className={ui.dangerOutline}>
                Excluir dados
              </button>
            </div>
          )}
          {mentor && erasing && (
            <EraseLead
              idPrefix={uid}
              leadId={lead.id}
              email={lead.answers.email}
              onErased={onErased}
              onCancel={() => {
                setErasing(false);
                requestAnimationFrame(() => eraseButton.current?.focus());
              }}
            />
          )}
          {section('respostas', 'Respostas do formulário', <LeadAnswers lead={lead} />)}
          {lead.submissions.length > 1 &&
            section('envios', `${personCopy.submissionsTitle} (${personCopy.submissions(lead.submissions.length)})`, <LeadSubmissions lead={lead} />)}
          {section('origem', attributionCopy.title, <LeadAttribution idPrefix={uid} attribution={lead.attribution} />)}
          {section('consentimento', 'Consentimento', <LeadConsent consent={lead.consent} marketing={lead.marketing} />)}
          {section('reunioes', 'Reuniões', (
            <>
              {lead.followup && <p className="mb-3 text-sm text-slate-700" data-testid="lead-followup">{followupLine(lead.followup)}</p>}
              <LeadMeetings meetings={lead.meetings} onOpen={onOpenMeeting} />
            </>
          ))}
          {section('negociacoes', dealCopy.title, <LeadDeals leadId={lead.id} idPrefix={uid} />)}
          {section('emails', 'E-mails enviados', <LeadMails mails={lead.mails} />)}
          {mentor && section('conversoes', leadConversionsCopy.title, <LeadConversions leadId={lead.id} />)}
          {section('integracoes', integrationCopy.title, <LeadIntegrations leadId={lead.id} deliveries={lead.deliveries} health={lead.integrationHealth} mentor={mentor} onResent={replace} />)}
        </>
      )}
    </article>
  );
}

/** "Preencheu mas não agendou": whether the one mail with the scheduling link went out, and when. */
function followupLine(f: NonNullable<LeadView['followup']>): string {
  if (f.sentAt) return `Lembrete de agendamento enviado em ${dateTimeOf(f.sentAt)}`;
  if (f.droppedAt) return 'Lembrete de agendamento não enviado (o lead agendou antes, ou o limite de e-mails por hora foi atingido)';
  return `Lembrete de agendamento na fila desde ${dateTimeOf(f.queuedAt)}`;
}
