// One consultant: name, e-mail, active or not, hours, calendar feed state (never its address), agenda
// link, where meetings happen; and, folded, the commands that change them.
import { useId, useRef, useState } from 'react';
import type { TeamMember } from '../../../domain/painel/api';
import { Facts } from '../Facts';
import { dateTimeOf } from '../format';
import { badge } from '../labels';
import { ui } from '../styles';
import { CommandForm } from './CommandForm';
import { AgendaLinkForm, FeedForm, RoomForm } from './LinkForms';
import { HoursForm, TimeOffForm } from './ScheduleForms';
import { LimitForm, shareLabel, WeightForm } from './RoutingForms';
import { useCommand } from './useCommand';

function feedLabel(feed: TeamMember['feed']) {
  if (!feed) return 'Agenda não conectada';
  if (feed.status === 'ok') return `Agenda conectada · lida em ${feed.syncedAt ? dateTimeOf(feed.syncedAt) : '—'}`;
  if (feed.status === 'pending') return 'Agenda conectada · aguardando a primeira leitura';
  return `Agenda conectada · erro na última leitura${feed.errorCode ? ` (${feed.errorCode})` : ''}`;
}

function DeactivateForm({ idPrefix, member, onDone }: { idPrefix: string; member: TeamMember; onDone: () => void }) {
  const { busy, message, run } = useCommand(onDone);
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const back = () => (setConfirming(false), requestAnimationFrame(() => opener.current?.focus()));
  return (
    <CommandForm
      id={`${idPrefix}-desativar`}
      title="Desativar"
      submit={confirming ? 'Confirmar desativação' : 'Desativar consultor'}
      busy={busy}
      message={message}
      danger={confirming}
      onSubmit={() => (confirming ? void run('deactivate', [member.email]).then(() => setConfirming(false)) : setConfirming(true))}
      extra={
        confirming && (
          <button type="button" className={ui.secondary} onClick={back}>
            Cancelar
          </button>
        )
      }
    >
      <p className={ui.hint}>{confirming ? `${member.name} deixa de receber novos agendamentos. As reuniões marcadas continuam.` : 'O consultor deixa de receber novos agendamentos.'}</p>
    </CommandForm>
  );
}

export function MemberCard({ member, onDone }: { member: TeamMember; onDone: () => void }) {
  const uid = useId();
  return (
    <li className={ui.card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className={`text-lg font-bold text-slate-900 ${ui.wrap}`}>{member.name}</h3>
        <span className={`${badge} ${member.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}>{member.active ? 'Ativo' : 'Inativo'}</span>
      </div>
      <Facts
        rows={[
          ['E-mail', member.email],
          ['Horários', member.hours ?? 'padrão'],
          ['Agenda', feedLabel(member.feed)],
          ['Link de agenda', member.agendaLink ? 'Gerado' : 'Não gerado'],
          ['Reuniões', member.roomUrl ?? 'Ligação telefônica'],
          ['Distribuição', shareLabel(member)],
        ]}
      />
      <details className="group mt-3">
        <summary className={`flex min-h-11 cursor-pointer list-none items-center rounded-lg font-semibold text-slate-900 ${ui.focusRing}`}>
          <span aria-hidden="true" className="mr-2 inline-block transition-transform group-open:rotate-90">
            ▸
          </span>
          Alterar {member.name}
        </summary>
        <div className="mt-2 grid gap-4">
          <HoursForm idPrefix={uid} member={member} onDone={onDone} />
          <TimeOffForm idPrefix={uid} member={member} onDone={onDone} />
          <WeightForm idPrefix={uid} member={member} onDone={onDone} />
          <LimitForm idPrefix={uid} member={member} onDone={onDone} />
          <FeedForm idPrefix={uid} member={member} onDone={onDone} />
          <RoomForm idPrefix={uid} member={member} onDone={onDone} />
          <AgendaLinkForm idPrefix={uid} member={member} onDone={onDone} />
          {member.active && <DeactivateForm idPrefix={uid} member={member} onDone={onDone} />}
        </div>
      </details>
    </li>
  );
}
