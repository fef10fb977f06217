// Analytics: tag-manager style events pushed to window.dataLayer and echoed to the console.
// Works with or without the container loaded; the container itself is loaded by the layout.
import type { MeetingActor } from '../domain/manage';

export type ClickLocation = 'Header' | 'Header Mobile' | 'Hero' | 'Contact' | 'Footer';
export type EventProperties = Record<string, string | number | boolean | null | undefined>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function track(name: string, properties: EventProperties = {}): void {
  if (typeof window === 'undefined') return;
  (window.dataLayer ??= []).push({ event: name, ...properties });
  console.info('[analytics]', name, properties);
}

/** 'Clique <button name>' with where it was clicked and when. */
export function trackClick(button: string, location: ClickLocation | string): void {
  track(`Clique ${button}`, { location, timestamp: new Date().toISOString() });
}

export const trackSchedulingStarted = (service: string) => track('scheduling_started', { service });
export const trackSchedulingCompleted = (service: string, preseller: string) =>
  track('scheduling_completed', { service, preseller });
export const trackLeadSubmitted = (service: string) => track('lead_submitted', { service });
/** A booked meeting changed through its manage link: the service and who acted, never the token or personal data. */
export const trackMeetingRescheduled = (service: string, actor: MeetingActor) => track('meeting_rescheduled', { service, actor });
export const trackMeetingCancelled = (service: string, actor: MeetingActor) => track('meeting_cancelled', { service, actor });
