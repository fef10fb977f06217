// "Alterar <consultor>": one form at a time. All of them at once made a card ~12,000 px tall on a phone;
// a choice of what to change (radios: arrows move between them, the form below follows) shows only that
// form. Hours first, the everyday change; the mentor's own sections (share, link, identity, deactivation)
// only on Equipe, not on the consultant's own card.
import { useState, type ReactNode } from 'react';
import type { TeamMember } from '../../../domain/painel/api';
import { ui } from '../styles';
import { HoursGrid } from './HoursGrid';
import { ActiveForm, IdentityForm } from './IdentityForms';
import { AgendaLinkForm, FeedForm, RoomForm } from './LinkForms';
import { LimitForm, WeightForm } from './RoutingForms';
import { TimeOffForm } from './ScheduleForms';

type Props = { idPrefix: string; member: TeamMember; onDone: () => void };
type Section = { key: string; label: string; mentorOnly?: boolean; render: (p: Props) => ReactNode };

const sections: Section[] = [
  { key: 'horarios', label: 'Horários', render: (p) => <HoursGrid {...p} /> },
  { key: 'folgas', label: 'Folgas', render: (p) => <TimeOffForm {...p} /> },
  { key: 'agenda', label: 'Agenda (iCal)', render: (p) => <FeedForm {...p} /> },
  { key: 'sala', label: 'Sala de vídeo', render: (p) => <RoomForm {...p} /> },
  {
    key: 'distribuicao', label: 'Distribuição', mentorOnly: true,
    render: (p) => (
      <>
        <WeightForm {...p} />
        <LimitForm {...p} />
      </>
    ),
  },
  { key: 'link', label: 'Link de agenda', mentorOnly: true, render: (p) => <AgendaLinkForm {...p} /> },
  { key: 'identidade', label: 'Nome e e-mail', mentorOnly: true, render: (p) => <IdentityForm {...p} /> },
  { key: 'ativo', label: 'Desativar', mentorOnly: true, render: (p) => <ActiveForm {...p} /> },
];

const chip =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 has-[:checked]:border-amber-600 has-[:checked]:bg-amber-50 has-[:checked]:text-slate-950';

export function MemberSections({ own, ...props }: Props & { own: boolean }) {
  const [current, setCurrent] = useState('horarios');
  const shown = sections.filter((s) => !own || !s.mentorOnly);
  const section = shown.find((s) => s.key === current) ?? shown[0];
  return (
    <div className="mt-2 grid gap-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">O que alterar</legend>
        <div className="flex flex-wrap gap-2">
          {shown.map((s) => (
            <label key={s.key} className={chip}>
              <input type="radio" name={`${props.idPrefix}-secao`} value={s.key} checked={s.key === section.key} onChange={() => setCurrent(s.key)}
                className={`size-4 accent-amber-600 ${ui.focusRing}`} />
              {s.key === 'ativo' && !props.member.active ? 'Reativar' : s.label}
            </label>
          ))}
        </div>
      </fieldset>
      {section.render(props)}
    </div>
  );
}
