// The parts of a lead's page: every answer of the form with its pt-BR label, the consent, its meetings
// (each opens the meeting) and the mails sent to it.
import type { ReactNode } from 'react';
import type { LeadView } from '../../../domain/painel/api';
import { maskCnpj } from '../../../domain/cnpj';
import { PhoneLinks } from '../PhoneLinks';
import { cargoOptions, faturamentoOptions, labelOf, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions } from '../../../domain/options';
import { Facts } from '../Facts';
import { dateTimeOf } from '../format';
import { badge, mailRecipientLabels, meetingState, meetingStateLabel, serviceLabel, stateBadge } from '../labels';
import { attributionCopy, personCopy } from '../../../domain/painel/copy';
import { optInLine } from './LeadAttribution';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
import { ui } from '../styles';

export function LeadAnswers({ lead }: { lead: LeadView }) {
  const a = lead.answers;
  const segmento = labelOf(segmentoOptions, a.segmento) + (a.outroSegmento ? `: ${a.outroSegmento}` : '');
  return (
    <Facts
      rows={[
        ['Nome completo', a.nomeCompleto],
        ['E-mail', <a key="e" href={`mailto:${a.email}`} className={ui.link}>{a.email}</a>],
        ['Telefone', <PhoneLinks key="t" phone={a.telefone} />],
        ['Empresa', a.nomeEmpresa],
        ['CNPJ', maskCnpj(a.cnpj)],
        ['Cargo', labelOf(cargoOptions, a.cargo)],
        ['Faturamento mensal', labelOf(faturamentoOptions, a.faturamento)],
        ['Número de vendedores', labelOf(numeroVendedoresOptions, a.numeroVendedores)],
        ['Segmento', segmento],
        ['Modelo de negócio', labelOf(modeloNegocioOptions, a.modeloNegocio)],
        ...(lead.service ? [['Serviço', serviceLabel(lead.service)] as [string, string]] : []),
        ...(lead.routing ? [[personCopy.ruleFilter, <bdi key="r" data-routing>{lead.routing.rule}</bdi>] as [string, ReactNode]] : []),
        ['Origem', lead.origem],
        ['Recebido em', dateTimeOf(lead.createdAt)],
      ]}
    />
  );
}

export function LeadConsent({ consent, marketing }: { consent: LeadView['consent']; marketing: LeadView['marketing'] }) {
  return (
    <Facts
      rows={[
        ['Versão da política', consent.version ?? 'Sem registro'],
        ['Aceita em', consent.at ? dateTimeOf(consent.at) : 'Sem registro'],
        [attributionCopy.optIn, optInLine(marketing)],
      ]}
    />
  );
}

export function LeadMeetings({ meetings, onOpen }: { meetings: LeadView['meetings']; onOpen: (id: string, opener: HTMLElement) => void }) {
  if (meetings.length === 0) return <p className="text-slate-600">Nenhuma reunião.</p>;
  return (
    <ul className="grid gap-2">
      {meetings.map((m) => (
        <li key={m.id}>
          <button type="button" className={ui.row} onClick={(e) => onOpen(m.id, e.currentTarget)}>
            <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="font-semibold tabular-nums text-slate-900">{dateTimeOf(m.startsAt)}</span>
              <span className={`${badge} ${stateBadge[meetingState(m)]}`}>{meetingStateLabel(m)}</span>
            </span>
            <span className="block text-sm text-slate-600">
              {serviceLabel(m.service)} · {m.consultant.name}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function LeadMails({ mails }: { mails: LeadView['mails'] }) {
  if (mails.length === 0) return <p className="text-slate-600">Nenhum e-mail.</p>;
  return (
    <ul className="grid gap-3">
      {mails.map((mail) => (
        <li key={mail.id} className={ui.wrap}>
          <p className="font-semibold text-slate-900">{mail.subject}</p>
          <p className="text-sm text-slate-600">
            {capitalize(mailRecipientLabels[mail.to] ?? '')} · {mail.sentAt ? `enviado em ${dateTimeOf(mail.sentAt)}` : `na fila desde ${dateTimeOf(mail.createdAt)}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Every time the person sent the form, newest first: when, for which service, routed by which rule, and what they answered then. */
export function LeadSubmissions({ lead }: { lead: LeadView }) {
  return (
    <ol className="grid gap-3">
      {lead.submissions.map((s) => (
        <li key={s.id} className={`rounded-lg border border-slate-200 p-3 ${ui.wrap}`} data-submission={s.id}>
          <p className="font-semibold text-slate-900">
            {personCopy.receivedAt} {dateTimeOf(s.createdAt)}
            {s.id === lead.id && <span className="font-normal text-slate-600"> ({personCopy.thisSubmission})</span>}
          </p>
          <p className="text-sm text-slate-600">
            {[s.service ? serviceLabel(s.service) : null, s.rule ? personCopy.routing(s.rule) : null].filter(Boolean).join(' · ')}
          </p>
          <Facts
            rows={[
              ['Empresa', s.answers.nomeEmpresa],
              ['Cargo', labelOf(cargoOptions, s.answers.cargo)],
              ['Telefone', <PhoneLinks key="t" phone={s.answers.telefone} />],
              ['Faturamento mensal', labelOf(faturamentoOptions, s.answers.faturamento)],
              ['Número de vendedores', labelOf(numeroVendedoresOptions, s.answers.numeroVendedores)],
              ['Segmento', labelOf(segmentoOptions, s.answers.segmento)],
            ]}
          />
        </li>
      ))}
    </ol>
  );
}
