// The screens that load when first opened (the console itself is one too: shell/lazyConsole.ts).
// Through `lazy-chunk:` URLs (scripts/build/astro/lazy-chunk-url.mjs) rather than literal import()s:
// those bring Vite's module-preload helper, a chunk that /reuniao and /orcamento would then load
// separately too, past their budgets. Hoje and Reuniões, the usual first screens, come with their chunks' lists (preloaded at once).
import meetingsScreen, { deps as meetingsDeps } from 'lazy-chunk:/src/islands/painel/MeetingsScreen.tsx';
import meetingDetail from 'lazy-chunk:/src/islands/painel/meeting/MeetingDetail.tsx';
import leadsScreen from 'lazy-chunk:/src/islands/painel/leads/LeadsScreen.tsx';
import leadDetail from 'lazy-chunk:/src/islands/painel/leads/LeadDetail.tsx';
import teamScreen from 'lazy-chunk:/src/islands/painel/team/TeamScreen.tsx';
import activityScreen from 'lazy-chunk:/src/islands/painel/activity/ActivityScreen.tsx';
import rulesScreen from 'lazy-chunk:/src/islands/painel/rules/RulesScreen.tsx';
import integrationsScreen from 'lazy-chunk:/src/islands/painel/integrations/IntegrationsScreen.tsx';
import todayScreen, { deps as todayDeps } from 'lazy-chunk:/src/islands/painel/today/TodayScreen.tsx';
import numbersScreen from 'lazy-chunk:/src/islands/painel/numbers/NumbersScreen.tsx';
import myAgendaScreen from 'lazy-chunk:/src/islands/painel/team/MyAgendaScreen.tsx';
import { lazyScreen } from './shell/lazyScreen';

export const MeetingsScreen = lazyScreen<typeof import('./MeetingsScreen').default>(meetingsScreen, meetingsDeps);
export const MeetingDetail = lazyScreen<typeof import('./meeting/MeetingDetail').default>(meetingDetail);
export const LeadsScreen = lazyScreen<typeof import('./leads/LeadsScreen').default>(leadsScreen);
export const LeadDetail = lazyScreen<typeof import('./leads/LeadDetail').default>(leadDetail);
export const TeamScreen = lazyScreen<typeof import('./team/TeamScreen').default>(teamScreen);
export const ActivityScreen = lazyScreen<typeof import('./activity/ActivityScreen').default>(activityScreen);
export const RulesScreen = lazyScreen<typeof import('./rules/RulesScreen').default>(rulesScreen);
export const IntegrationsScreen = lazyScreen<typeof import('./integrations/IntegrationsScreen').default>(integrationsScreen);
export const TodayScreen = lazyScreen<typeof import('./today/TodayScreen').default>(todayScreen, todayDeps);
export const NumbersScreen = lazyScreen<typeof import('./numbers/NumbersScreen').default>(numbersScreen);
export const MyAgendaScreen = lazyScreen<typeof import('./team/MyAgendaScreen').default>(myAgendaScreen);
