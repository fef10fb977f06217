// The console after sign-in: its app bar, the screens (Hoje first, then Reuniões, Leads, Números; Equipe,
// Regras, Integrações and Atividade for the mentor) and one lead or meeting at a time — each a place with its own address (shell/useAddress.ts),
// so Back, Forward, reload and a mail's link work as in any app. Lists stay mounted while hidden: Back
// from a lead finds the loaded pages, the filters, the search and the row that opened it (which gets the
// focus back).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { MeetingRow, Viewer } from '../../domain/painel/api';
import type { Filters, PainelPlace, PainelSection } from '../../domain/painel/address';
import { placeHash } from '../../domain/painel/address';
import { painelMessages } from '../../domain/painel/copy';
import { ActivityScreen, IntegrationsScreen, LeadDetail, LeadsScreen, MeetingDetail, MeetingsScreen, MyAgendaScreen, NumbersScreen, RulesScreen, TeamScreen, TodayScreen } from './lazyScreens';
import { numbersQuery } from './numbers/numbersQuery';
import { preload } from './preload';
import { consoleSections } from './sections';
import { AppBar } from './shell/AppBar';
import { LazyScreen } from './shell/LazyScreen';
import { useAddress, type Move } from './shell/useAddress';
import { BackButton, Notice, RetryAlert, ScreenHeading, type Message } from './ui';

interface Props {
  viewer: Viewer;
  /** Opened by signing in (take the focus), not on the first paint with a live session. */
  moved: boolean;
  /** Resolves to an error to show, or null once signed out. */
  onSignOut: (everywhere: boolean) => Promise<string | null>;
}

/** The list a place shows, or sits on (a lead on Leads, a meeting on Reuniões). */
const listOf = (place: PainelPlace): PainelSection => (place.kind === 'section' ? place.section : place.kind === 'lead' ? 'leads' : 'meetings');
const sectionPlace = (section: PainelSection, filters: Filters = {}): PainelPlace => ({ kind: 'section', section, filters });

export default function ConsoleShell({ viewer, moved, onSignOut }: Props) {
  const mentor = viewer.role === 'mentor';
  const own: PainelSection[] = viewer.name !== null ? ['agenda'] : [];
  const sections = consoleSections(mentor, own.length > 0);
  const { place, go, back } = useAddress();
  // The list under the place, each list's filters as its address last had them, the lists opened so far.
  const [section, setSection] = useState<PainelSection>(() => listOf(place));
  const [filters, setFilters] = useState<Record<PainelSection, Filters>>(() => ({
    today: {}, meetings: {}, leads: {}, numbers: {}, team: {}, rules: {}, integrations: {}, activity: {}, agenda: {},
    ...(place.kind === 'section' ? { [place.section]: place.filters } : {}),
  }));
  // Only the list under the first place: on a phone network every other screen's reads would share the
  // line with the first screen's.
  const [visited, setVisited] = useState<PainelSection[]>(() => [listOf(place)]);
  const [shownPlace, setShownPlace] = useState(place);
  const [navigated, setNavigated] = useState(moved);
  const [changed, setChanged] = useState<Record<string, MeetingRow>>({});
  const [leadsNotice, setLeadsNotice] = useState<Message>(null);
  const [leadsReload, setLeadsReload] = useState(0);
  const [signOut, setSignOut] = useState<{ busy: boolean; error: Message }>({ busy: false, error: null });
  /** The row or button that opened each lead or meeting (by its address): it gets the focus back. */
  const openers = useRef(new Map<string, HTMLElement>());
  const previous = useRef(place);

  // A new place (a click, Back, Forward, a pasted address): the lists follow it during the render.
  if (place !== shownPlace) {
    setShownPlace(place);
    if (place.kind === 'section') {
      setSection(place.section);
      setFilters((f) => ({ ...f, [place.section]: place.filters }));
      setVisited((v) => (v.includes(place.section) ? v : [...v, place.section]));
    }
    setNavigated(true);
  }

  // Back from a lead or a meeting to a list: the focus returns to what opened it.
  useEffect(() => {
    const from = previous.current;
    previous.current = place;
    if (from === place || place.kind !== 'section' || from.kind === 'section') return;
    const opener = openers.current.get(placeHash(from));
    requestAnimationFrame(() => (opener?.isConnected && !opener.closest('[hidden]') ? opener.focus() : document.getElementById(`painel-secao-${place.section}`)?.focus()));
  }, [place]);

  const allowed = place.kind !== 'missing' && (place.kind !== 'section' || sections.includes(place.section));
  const listShown = (s: PainelSection) => allowed && place.kind === 'section' && section === s;
  // A list on screen: the code of what its rows open comes while the browser is idle, so a row opens
  // over the list (kept as it is underneath) with only its own data to wait for.
  const detailAhead = listShown('meetings') ? MeetingDetail : listShown('leads') ? LeadDetail : null;
  useEffect(() => {
    if (!detailAhead) return;
    // Safari has no requestIdleCallback: a second later there.
    if (typeof requestIdleCallback !== 'function') {
      const later = setTimeout(() => detailAhead.preload(), 1000);
      return () => clearTimeout(later);
    }
    const idle = requestIdleCallback(() => detailAhead.preload(), { timeout: 5000 });
    return () => cancelIdleCallback(idle);
  }, [detailAhead]);

  function open(kind: 'lead' | 'meeting', id: string, opener: HTMLElement | null) {
    const next: PainelPlace = { kind, id };
    if (opener) openers.current.set(placeHash(next), opener);
    go(next);
  }
  const openLead = (id: string, opener: HTMLElement | null) => open('lead', id, opener);
  const openMeeting = (id: string, opener: HTMLElement | null) => open('meeting', id, opener);
  const goSection = (next: PainelSection) => {
    setLeadsNotice(null);
    // Números' figures travel beside its code, not after it (the screen takes this answer).
    if (next === 'numbers' && !visited.includes('numbers')) preload(numbersQuery(filters.numbers).url);
    go(sectionPlace(next, filters[next]));
  };
  /** A list's tab or filters changed: a tab is a place of its own (push), a filter edits this one (replace). */
  const onFilters = (list: PainelSection) => (next: Filters, move: Move) => go(sectionPlace(list, next), move);
  const backToList = () => back(sectionPlace(section, filters[section]));

  function erased(text: string) {
    setLeadsNotice({ kind: 'status', text });
    setLeadsReload((n) => n + 1);
    go(sectionPlace('leads', filters.leads), 'replace');
  }

  async function leave(everywhere: boolean) {
    setSignOut({ busy: true, error: null });
    const error = await onSignOut(everywhere);
    if (error) setSignOut({ busy: false, error: { kind: 'alert', text: error } });
  }

  let detail: ReactNode = null;
  if (!allowed) detail = <NotFound onHome={() => go(sectionPlace('meetings', filters.meetings), 'replace')} />;
  else if (place.kind === 'meeting')
    detail = (
      <LazyScreen key={placeHash(place)} screen={MeetingDetail} render={(Screen) => (
        <Screen id={place.id} onBack={backToList} onChanged={(m) => setChanged((c) => ({ ...c, [m.id]: m }))} onOpenLead={openLead} />
      )} />
    );
  else if (place.kind === 'lead')
    detail = (
      <LazyScreen key={placeHash(place)} screen={LeadDetail} render={(Screen) => (
        <Screen id={place.id} mentor={mentor} onBack={backToList} onOpenMeeting={openMeeting} onErased={erased} />
      )} />
    );

  return (
    <div className="grid gap-6">
      <AppBar viewer={viewer} sections={sections} current={section} onSection={goSection} busy={signOut.busy} onSignOut={(everywhere) => void leave(everywhere)} />
      <main className="grid gap-6">
        <Notice message={signOut.error} focus />
        {visited.includes('meetings') && (
          <LazyScreen hidden={!listShown('meetings')} screen={MeetingsScreen} render={(Screen) => (
            <Screen viewer={viewer} focus={navigated && listShown('meetings')} onOpen={openMeeting} changed={changed} filters={filters.meetings} onFilters={onFilters('meetings')} />
          )} />
        )}
        {visited.includes('leads') && (
          <LazyScreen hidden={!listShown('leads')} screen={LeadsScreen} render={(Screen) => (
            <Screen viewer={viewer} focus={navigated && listShown('leads')} onOpen={openLead} notice={leadsNotice} reloadKey={leadsReload} filters={filters.leads} onFilters={onFilters('leads')} />
          )} />
        )}
        {visited.includes('today') && (
          <LazyScreen hidden={!listShown('today')} screen={TodayScreen} render={(Screen) => (
            <Screen viewer={viewer} focus={navigated && listShown('today')} shown={listShown('today')} onGo={go} />
          )} />
        )}
        {visited.includes('numbers') && (
          <LazyScreen hidden={!listShown('numbers')} screen={NumbersScreen} render={(Screen) => (
            <Screen viewer={viewer} focus={navigated && listShown('numbers')} filters={filters.numbers} onFilters={onFilters('numbers')} onOpenMeeting={openMeeting} />
          )} />
        )}
        {mentor && visited.includes('team') && (
          <LazyScreen hidden={!listShown('team')} screen={TeamScreen} render={(Screen) => <Screen focus={navigated && listShown('team')} />} />
        )}
        {mentor && visited.includes('rules') && (
          <LazyScreen hidden={!listShown('rules')} screen={RulesScreen} render={(Screen) => <Screen focus={navigated && listShown('rules')} />} />
        )}
        {mentor && visited.includes('integrations') && (
          <LazyScreen hidden={!listShown('integrations')} screen={IntegrationsScreen} render={(Screen) => <Screen focus={navigated && listShown('integrations')} onOpenLead={openLead} />} />
        )}
        {own.length > 0 && visited.includes('agenda') && (
          <LazyScreen hidden={!listShown('agenda')} screen={MyAgendaScreen} render={(Screen) => <Screen focus={navigated && listShown('agenda')} />} />
        )}
        {mentor && visited.includes('activity') && (
          <LazyScreen hidden={!listShown('activity')} screen={ActivityScreen} render={(Screen) => <Screen focus={navigated && listShown('activity')} />} />
        )}
        {detail}
      </main>
    </div>
  );
}

/** An address this person may not open, or that names nothing: the console's usual "Não encontrado.". */
function NotFound({ onHome }: { onHome: () => void }) {
  return (
    <section aria-labelledby="painel-nao-encontrado" className="grid gap-4">
      <div>
        <BackButton onBack={onHome} label="Ir para Reuniões" />
      </div>
      <ScreenHeading id="painel-nao-encontrado" focus>
        {painelMessages.notFound}
      </ScreenHeading>
      <RetryAlert error="Este endereço não abre nada no painel para você. Confira o link ou peça um novo a quem o enviou." />
    </section>
  );
}
