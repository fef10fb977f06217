// The screens that load when first opened (the first paint needs only sign-in and the meetings list).
// Through `lazy-chunk:` URLs (scripts/build/astro/lazy-chunk-url.mjs) rather than literal import()s:
// those bring Vite's module-preload helper, a chunk that /reuniao and /orcamento would then load
// separately too, past their budgets.
import { lazy } from 'react';
import meetingDetail from 'lazy-chunk:/src/islands/painel/meeting/MeetingDetail.tsx';
import leadsScreen from 'lazy-chunk:/src/islands/painel/leads/LeadsScreen.tsx';
import leadDetail from 'lazy-chunk:/src/islands/painel/leads/LeadDetail.tsx';
import teamScreen from 'lazy-chunk:/src/islands/painel/team/TeamScreen.tsx';
import activityScreen from 'lazy-chunk:/src/islands/painel/activity/ActivityScreen.tsx';

const load = <T>(url: string) => import(/* @vite-ignore */ url) as Promise<T>;

export const MeetingDetail = lazy(() => load<typeof import('./meeting/MeetingDetail')>(meetingDetail));
export const LeadsScreen = lazy(() => load<typeof import('./leads/LeadsScreen')>(leadsScreen));
export const LeadDetail = lazy(() => load<typeof import('./leads/LeadDetail')>(leadDetail));
export const TeamScreen = lazy(() => load<typeof import('./team/TeamScreen')>(teamScreen));
export const ActivityScreen = lazy(() => load<typeof import('./activity/ActivityScreen')>(activityScreen));
