// "Minha agenda" (issue 33, item 3): a signed-in consultant's own hours, time off, calendar link and
// meeting room, with Equipe's forms (MemberCard `own`). Its commands go to POST minha-agenda, which runs
// them only on the viewer's own e-mail; the mentor still sees and edits everyone's in Equipe.
import { useCallback } from 'react';
import { painelPaths, type TeamMember } from '../../../domain/painel/api';
import { RetryAlert, ScreenHeading } from '../ui';
import { useResource } from '../useResource';
import { MemberCard } from './MemberCard';
import { CommandPath } from './useCommand';
import { Skeleton } from '../Skeleton';

export default function MyAgendaScreen({ focus }: { focus: boolean }) {
  const { state, reload } = useResource<{ member: TeamMember }>(painelPaths.ownAgenda);
  const refresh = useCallback(() => void reload(), [reload]);
  return (
    <section aria-labelledby="painel-secao-agenda" className="grid gap-5">
      <ScreenHeading id="painel-secao-agenda" focus={focus}>
        Minha agenda
      </ScreenHeading>
      {state.phase === 'loading' && <Skeleton status="Carregando sua agenda…" />}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={refresh} />}
      {state.phase === 'ready' && (
        <CommandPath.Provider value={painelPaths.ownAgenda}>
          <ul className="grid gap-4">
            <MemberCard member={state.data.member} onDone={refresh} own />
          </ul>
        </CommandPath.Provider>
      )}
    </section>
  );
}
