// The screens that load when first opened. The signed-out first paint needs only the sign-in: the console
// itself (app bar, meetings list) is a chunk of its own, fetched once the session says who is in (with it
// in the island, /painel's Lighthouse TBT went from ~250 to ~380 ms and performance to 91).
// Through `lazy-chunk:` URLs (scripts/build/astro/lazy-chunk-url.mjs) rather than literal import()s:
// those bring Vite's module-preload helper, a chunk that /reuniao and /orcamento would then load
// separately too, past their budgets.
import consoleShell from 'lazy-chunk:/src/islands/painel/ConsoleShell.tsx';
import meetingDetail from 'lazy-chunk:/src/islands/painel/meeting/MeetingDetail.tsx';
import leadsScreen from 'lazy-chunk:/src/islands/painel/leads/LeadsScreen.tsx';
import leadDetail from 'lazy-chunk:/src/islands/painel/leads/LeadDetail.tsx';
import teamScreen from 'lazy-chunk:/src/islands/painel/team/TeamScreen.tsx';
import activityScreen from 'lazy-chunk:/src/islands/painel/activity/ActivityScreen.tsx';
import myAgendaScreen from 'lazy-chunk:/src/islands/painel/team/MyAgendaScreen.tsx';
import { lazyScreen } from './shell/lazyScreen';

export const ConsoleShell = lazyScreen<typeof import('./ConsoleShell').default>(consoleShell);
export const MeetingDetail = lazyScreen<typeof import('./meeting/MeetingDetail').default>(meetingDetail);
export const LeadsScreen = lazyScreen<typeof import('./leads/LeadsScreen').default>(leadsScreen);
export const LeadDetail = lazyScreen<typeof import('./leads/LeadDetail').default>(leadDetail);
export const TeamScreen = lazyScreen<typeof import('./team/TeamScreen').default>(teamScreen);
export const ActivityScreen = lazyScreen<typeof import('./activity/ActivityScreen').default>(activityScreen);
export const MyAgendaScreen = lazyScreen<typeof import('./team/MyAgendaScreen').default>(myAgendaScreen);
