// On a browser where someone was signed in (signedInHint.ts), everything the first screen needs starts at
// once, beside the session check: the console's code, the first screen's code and, for Hoje, its figures.
// One after the other they were five or six round trips before Hoje could show (over 11 s on "Slow 4G").
// Run by the island as soon as its code is evaluated, before React renders. Only small modules here (no
// date code): each import a chunk must fetch first is one more round trip before Hoje's request leaves.
import { parsePlace, type PainelSection } from '../../domain/painel/address';
import { numbersPaths } from '../../domain/painel/numbers-paths';
import { ActivityScreen, IntegrationsScreen, LeadDetail, LeadsScreen, MeetingDetail, MeetingsScreen, MyAgendaScreen, NumbersScreen, RulesScreen, TeamScreen, TodayScreen } from './lazyScreens';
import { preload } from './preload';
import { ConsoleShell } from './shell/lazyConsole';
import type { Reloadable } from './shell/lazyScreen';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each screen has its own
const screens: Partial<Record<PainelSection, Reloadable<any>>> = {
  today: TodayScreen, meetings: MeetingsScreen, leads: LeadsScreen, numbers: NumbersScreen, team: TeamScreen, rules: RulesScreen,
  integrations: IntegrationsScreen, activity: ActivityScreen, agenda: MyAgendaScreen,
};

export function startConsole() {
  // In the order they are needed: on HTTP/1.1 (`npm start`) a browser opens 6 connections to a host, and
  // what is asked first is served first.
  const place = parsePlace(location.hash);
  // Hoje reads one address whatever the filters (useResource takes this answer).
  if (place.kind === 'section' && place.section === 'today') preload(numbersPaths.today);
  // A meeting or a lead opens over its list: the list's code comes too.
  if (place.kind === 'meeting') for (const screen of [MeetingDetail, MeetingsScreen]) screen.preload();
  else if (place.kind === 'lead') for (const screen of [LeadDetail, LeadsScreen]) screen.preload();
  else if (place.kind === 'section') screens[place.section]?.preload();
  ConsoleShell.preload();
}
