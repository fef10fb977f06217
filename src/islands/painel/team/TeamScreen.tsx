// "Equipe" (mentor): "+ Cadastrar consultor" at the top, the consultants and the same commands as
// `npm run consultants`, and reading every calendar now, answered per consultant (failures in red).
import { useCallback, useRef, useState } from 'react';
import { painelPaths, type TeamMember, type TeamRouting } from '../../../domain/painel/api';
import { TextField } from '../form/Field';
import { BusyButton } from '../form/PainelForm';
import { ui } from '../styles';
import { Notice, RetryAlert, ScreenHeading } from '../ui';
import { useResource } from '../useResource';
import { CommandForm } from './CommandForm';
import { identityErrors } from './IdentityForms';
import { MemberCard } from './MemberCard';
import { ReportPanel } from './ReportPanel';
import { TeamRoutingForms } from './RoutingForms';
import { useCommand } from './useCommand';
import { Skeleton } from '../Skeleton';

function AddConsultant({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const command = useCommand<'name' | 'email'>(onDone);
  const { errors, refuse } = command;

  async function submit() {
    if (refuse(identityErrors(name, email))) return;
    const done = await command.run('add', [name.trim(), email.trim()], { quiet: true });
    if (!done.ok) return void refuse(/e-mail/i.test(done.error) ? { email: done.error } : { name: done.error });
    setName('');
    setEmail('');
  }

  return (
    <CommandForm id="equipe-adicionar" level={3} title="Cadastrar consultor" submit="Cadastrar consultor" form={command} onSubmit={() => void submit()}
      extra={<button type="button" className={ui.secondary} onClick={onClose}>Fechar</button>}>
      <p className={ui.hint}>Ele começa com o horário padrão e recebe um e-mail de boas-vindas com o endereço do painel.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="equipe-nome" label="Nome" value={name} onValue={setName} error={errors.name} />
        <TextField id="equipe-email" label="E-mail" type="email" value={email} onValue={setEmail} error={errors.email} />
      </div>
    </CommandForm>
  );
}

function SyncPanel({ onDone }: { onDone: () => void }) {
  const sync = useCommand(onDone);
  const calendars = sync.answer?.calendars ?? [];
  const result = useRef<HTMLUListElement>(null);
  return (
    <div className={`${ui.card} grid gap-3`}>
      <p className="text-slate-700">As agendas são lidas a cada 10 minutos. Para ler todas agora:</p>
      <div>
        <BusyButton type="button" busy={sync.busy} label="Sincronizar agendas agora" busyLabel="Lendo as agendas…" className={ui.secondary}
          onClick={() => void sync.run('sync', []).then(() => requestAnimationFrame(() => result.current?.focus()))} />
      </div>
      <Notice message={sync.message} focus />
      {calendars.length > 0 && (
        <ul ref={result} tabIndex={-1} aria-label="Resultado da leitura das agendas" className="grid gap-2 focus:outline-none">
          {calendars.map((c, i) => (
            <li key={i} className={`rounded-xl border px-3 py-2 font-medium ${ui.wrap} ${c.ok ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-800'}`}>
              {c.ok ? '✓ ' : '✗ '}
              {c.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function TeamScreen({ focus }: { focus: boolean }) {
  const { state, reload } = useResource<{ consultants: TeamMember[]; routing: TeamRouting }>(painelPaths.team);
  const refresh = useCallback(() => void reload(), [reload]);
  const [adding, setAdding] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  return (
    <section aria-labelledby="painel-secao-team" className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ScreenHeading id="painel-secao-team" focus={focus}>
          Equipe
        </ScreenHeading>
        {!adding && (
          <button ref={opener} type="button" className={ui.primary} onClick={() => setAdding(true)}>
            + Cadastrar consultor
          </button>
        )}
      </div>
      {adding && (
        <div className={ui.card}>
          <AddConsultant onDone={refresh} onClose={() => (setAdding(false), requestAnimationFrame(() => opener.current?.focus()))} />
        </div>
      )}
      {state.phase === 'loading' && <Skeleton status="Carregando a equipe…" />}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={refresh} />}
      {state.phase === 'ready' &&
        (state.data.consultants.length ? (
          <ul className="grid items-start gap-4 lg:grid-cols-2">
            {state.data.consultants.map((member) => (
              <MemberCard key={member.email} member={member} onDone={refresh} />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-6 text-center text-slate-700">Nenhum consultor cadastrado.</p>
        ))}
      <SyncPanel onDone={refresh} />
      {state.phase === 'ready' && (
        <section aria-labelledby="equipe-distribuicao" className={`${ui.card} grid gap-4`}>
          <h3 id="equipe-distribuicao" className={ui.subheading}>
            Distribuição de leads
          </h3>
          <p className={ui.hint}>O peso e os limites de cada consultor ficam em “Alterar” no cartão dele.</p>
          <TeamRoutingForms routing={state.data.routing} onDone={refresh} />
        </section>
      )}
      <ReportPanel />
    </section>
  );
}
