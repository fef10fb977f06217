// The console after sign-in: who is in, the sections (Reuniões first; Equipe and Atividade for the
// mentor), "Sair" / "Sair de todos os aparelhos", and a stack of details (a meeting opened from a lead
// sits on the lead). Lists and details stay mounted while hidden, so 'Voltar' finds the loaded pages,
// the filters and the row that opened the detail (it gets the focus back).
import { Suspense, useState, type ReactNode } from 'react';
import type { MeetingRow, Viewer } from '../../domain/painel/api';
import { roleLabels } from '../../domain/painel/copy';
import { ActivityScreen, LeadDetail, LeadsScreen, MeetingDetail, TeamScreen } from './lazyScreens';
import { MeetingsScreen } from './MeetingsScreen';
import { ui } from './styles';
import { Notice, ScreenHeading, type Message } from './ui';


type Section = 'meetings' | 'leads' | 'team' | 'activity';
const sectionLabels: Record<Section, string> = { meetings: 'Reuniões', leads: 'Leads', team: 'Equipe', activity: 'Atividade' };
type Detail = { kind: 'meeting' | 'lead'; id: string; opener: HTMLElement | null; key: number };

interface Props {
  viewer: Viewer;
  /** Opened by signing in (take the focus), not on the first paint with a live session. */
  moved: boolean;
  /** Resolves to an error to show, or null once signed out. */
  onSignOut: (everywhere: boolean) => Promise<string | null>;
}

/** A lazily loaded screen, kept mounted while hidden; its own boundary so the others stay on screen. */
function Lazy({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  return (
    <div hidden={hidden}>
      <Suspense
        fallback={
          <p role="status" className="py-6 text-slate-600">
            Carregando…
          </p>
        }
      >
        {children}
      </Suspense>
    </div>
  );
}

export function ConsoleShell({ viewer, moved, onSignOut }: Props) {
  const mentor = viewer.role === 'mentor';
  const sections: Section[] = mentor ? ['meetings', 'leads', 'team', 'activity'] : ['meetings', 'leads'];
  const [section, setSection] = useState<Section>('meetings');
  const [visited, setVisited] = useState<Section[]>(['meetings']);
  const [stack, setStack] = useState<Detail[]>([]);
  const [navigated, setNavigated] = useState(moved);
  const [changed, setChanged] = useState<Record<string, MeetingRow>>({});
  const [leadsNotice, setLeadsNotice] = useState<Message>(null);
  const [leadsReload, setLeadsReload] = useState(0);
  const [signOut, setSignOut] = useState<{ busy: boolean; error: Message }>({ busy: false, error: null });

  const focusSection = (next: Section) => requestAnimationFrame(() => document.getElementById(`painel-secao-${next}`)?.focus());

  function show(next: Section) {
    setSection(next);
    setVisited((v) => (v.includes(next) ? v : [...v, next]));
  }

  function go(next: Section) {
    show(next);
    setStack([]);
    setNavigated(true);
    setLeadsNotice(null);
    focusSection(next);
  }

  const open = (kind: Detail['kind']) => (id: string, opener: HTMLElement | null) => setStack((s) => [...s, { kind, id, opener, key: Date.now() }]);

  function back() {
    const top = stack.at(-1);
    setStack((s) => s.slice(0, -1));
    requestAnimationFrame(() => (top?.opener?.isConnected ? top.opener.focus() : document.getElementById(`painel-secao-${section}`)?.focus()));
  }

  function erased(text: string) {
    setStack([]);
    show('leads');
    setLeadsNotice({ kind: 'status', text });
    setLeadsReload((n) => n + 1);
  }

  async function leave(everywhere: boolean) {
    setSignOut({ busy: true, error: null });
    const error = await onSignOut(everywhere);
    if (error) setSignOut({ busy: false, error: { kind: 'alert', text: error } });
  }

  const shown = (s: Section) => section === s && stack.length === 0;
  return (
    <div className="grid gap-6">
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <ScreenHeading level={1} focus={false}>
            Painel
          </ScreenHeading>
          <p className={`mt-1 text-sm text-slate-600 ${ui.wrap}`}>
            {viewer.name ? `${viewer.name} · ` : ''}
            {viewer.email} · {roleLabels[viewer.role]}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" disabled={signOut.busy} onClick={() => void leave(false)} className={ui.small}>
            Sair
          </button>
          <button type="button" disabled={signOut.busy} onClick={() => void leave(true)} className={ui.small}>
            Sair de todos os aparelhos
          </button>
        </div>
      </header>
      <Notice message={signOut.error} focus />
      <nav aria-label="Seções do painel">
        <ul className="flex flex-wrap gap-2">
          {sections.map((s) => (
            <li key={s}>
              <button
                type="button"
                aria-current={section === s ? 'page' : undefined}
                onClick={() => go(s)}
                className={`min-h-11 rounded-full px-4 py-2 text-base font-semibold ${ui.focusRing} ${section === s ? 'bg-slate-900 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`}
              >
                {sectionLabels[s]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div hidden={!shown('meetings')}>
        <MeetingsScreen viewer={viewer} focus={navigated && section === 'meetings'} onOpen={open('meeting')} changed={changed} />
      </div>
      {visited.includes('leads') && (
        <Lazy hidden={!shown('leads')}>
          <LeadsScreen viewer={viewer} focus={section === 'leads'} onOpen={open('lead')} notice={leadsNotice} reloadKey={leadsReload} />
        </Lazy>
      )}
      {mentor && visited.includes('team') && (
        <Lazy hidden={!shown('team')}>
          <TeamScreen focus={section === 'team'} />
        </Lazy>
      )}
      {mentor && visited.includes('activity') && (
        <Lazy hidden={!shown('activity')}>
          <ActivityScreen focus={section === 'activity'} />
        </Lazy>
      )}
      {stack.map((detail, index) => (
        <Lazy key={detail.key} hidden={index !== stack.length - 1}>
          {detail.kind === 'meeting' ? (
            <MeetingDetail id={detail.id} onBack={back} onChanged={(m) => setChanged((c) => ({ ...c, [m.id]: m }))} onOpenLead={open('lead')} />
          ) : (
            <LeadDetail id={detail.id} mentor={mentor} onBack={back} onOpenMeeting={open('meeting')} onErased={erased} />
          )}
        </Lazy>
      ))}
    </div>
  );
}
