// How leads are shared (issue 19), as `npm run consultants` sets it: per consultant the weight ("weight")
// and the caps per day and week ("limit"); for the team the counting window ("janela") and equal
// distribution ("mode"). Each form checks its fields first (focus to the first error), then runs the command.
import { useState } from 'react';
import type { TeamMember, TeamRouting } from '../../../domain/painel/api';
import { TextField } from '../form/Field';
import { RadioGroup } from '../RadioGroup';
import { CommandForm } from './CommandForm';
import { useCommand } from './useCommand';

/** A whole number in [min, max], or null. */
const whole = (s: string, min: number, max: number) => (/^\d{1,4}$/.test(s.trim()) && +s >= min && +s <= max ? +s : null);

/** "Peso 100 · até 4 por dia e 15 por semana" for the member's facts. */
export function shareLabel(m: Pick<TeamMember, 'weight' | 'capDay' | 'capWeek'>): string {
  const caps = [m.capDay !== null && `${m.capDay} por dia`, m.capWeek !== null && `${m.capWeek} por semana`].filter(Boolean);
  return `Peso ${m.weight} · ${caps.length ? `até ${caps.join(' e ')}` : 'sem limite'}`;
}

interface MemberProps {
  idPrefix: string;
  member: TeamMember;
  onDone: () => void;
}

export function WeightForm({ idPrefix, member, onDone }: MemberProps) {
  const [weight, setWeight] = useState(String(member.weight));
  const command = useCommand<'weight'>(onDone);
  const id = `${idPrefix}-peso`;
  return (
    <CommandForm
      id={id}
      title="Peso na distribuição"
      submit="Salvar peso"
      form={command}
      onSubmit={() => {
        if (!command.refuse({ weight: whole(weight, 1, 1000) === null ? 'Informe um número inteiro de 1 a 1000.' : null })) void command.run('weight', [member.email, weight.trim()]);
      }}
    >
      <TextField id={`${id}-campo`} label="Peso" hint="100 = parte inteira dos leads; 50 = metade." inputMode="numeric" value={weight} onValue={setWeight} error={command.errors.weight} />
    </CommandForm>
  );
}

export function LimitForm({ idPrefix, member, onDone }: MemberProps) {
  const [day, setDay] = useState(member.capDay === null ? '' : String(member.capDay));
  const [week, setWeek] = useState(member.capWeek === null ? '' : String(member.capWeek));
  const command = useCommand<'day' | 'week'>(onDone);
  const { errors } = command;
  const id = `${idPrefix}-limite`;

  function submit() {
    const refused = command.refuse({
      day: day.trim() === '' || whole(day, 1, 50) !== null ? null : 'Informe de 1 a 50, ou deixe em branco para não limitar.',
      week: week.trim() === '' || whole(week, 1, 250) !== null ? null : 'Informe de 1 a 250, ou deixe em branco para não limitar.',
    });
    if (!refused) void command.run('limit', [member.email, `${day.trim() || 'sem'}/dia`, `${week.trim() || 'sem'}/semana`]);
  }

  return (
    <CommandForm id={id} title="Limite de reuniões" submit="Salvar limites" form={command} onSubmit={submit}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${id}-dia`} label="Por dia" hint="Em branco: sem limite." inputMode="numeric" value={day} onValue={setDay} error={errors.day} />
        <TextField id={`${id}-semana`} label="Por semana" hint="Em branco: sem limite." inputMode="numeric" value={week} onValue={setWeek} error={errors.week} />
      </div>
    </CommandForm>
  );
}

const windows = [
  { value: 'mes', label: 'Por mês' },
  { value: 'semana', label: 'Por semana (segunda a domingo)' },
] as const;
const modes = [
  { value: 'normal', label: 'Menor carga (cada um recebe conforme o peso)' },
  { value: 'igual', label: 'Distribuição igual (ninguém dispara na frente)' },
] as const;

/** The team's settings: the counting window and equal distribution. */
export function TeamRoutingForms({ routing, onDone }: { routing: TeamRouting; onDone: () => void }) {
  const [countWindow, setCountWindow] = useState<TeamRouting['window']>(routing.window);
  const [mode, setMode] = useState<'normal' | 'igual'>(routing.equalAhead === null ? 'normal' : 'igual');
  const [ahead, setAhead] = useState(String(routing.equalAhead ?? 3));
  const windowCommand = useCommand(onDone);
  const modeCommand = useCommand<'ahead'>(onDone);

  return (
    <>
      <CommandForm
        id="equipe-janela"
        title="Período de contagem"
        submit="Salvar período"
        form={windowCommand}
        onSubmit={() => void windowCommand.run('janela', [countWindow])}
      >
        <RadioGroup id="equipe-janela-opcao" legend="Reuniões contadas" options={windows} value={countWindow} onValue={setCountWindow} />
      </CommandForm>
      <CommandForm
        id="equipe-modo"
        title="Modo de distribuição"
        submit="Salvar modo"
        form={modeCommand}
        onSubmit={() => {
          if (mode === 'normal') return void modeCommand.run('mode', ['normal']);
          if (!modeCommand.refuse({ ahead: whole(ahead, 1, 50) === null ? 'Informe de 1 a 50 reuniões.' : null })) void modeCommand.run('mode', ['igual', ahead.trim()]);
        }}
      >
        <RadioGroup id="equipe-modo-opcao" legend="Como escolher o consultor" options={modes} value={mode} onValue={setMode} />
        {mode === 'igual' && (
          <TextField
            id="equipe-modo-n"
            label="Máximo de reuniões à frente"
            hint="Quem estiver essa quantidade à frente de quem tem menos não recebe até os outros alcançarem."
            inputMode="numeric"
            value={ahead}
            onValue={setAhead}
            error={modeCommand.errors.ahead}
          />
        )}
      </CommandForm>
    </>
  );
}
