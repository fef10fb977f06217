// "Adicionar à agenda": the same event as links the big calendars understand, and the server's .ics as a file.
/** 20261126T170000Z: the compact UTC form Google Calendar's `dates` takes. */
const compactUtc = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export type CalendarEventLink = { title: string; startsAt: Date; minutes: number; details: string; location: string };

export function googleCalendarUrl(e: CalendarEventLink): string {
  const end = new Date(e.startsAt.getTime() + e.minutes * 60_000);
  const params = new URLSearchParams({
    action: 'TEMPLATE', text: e.title, dates: `${compactUtc(e.startsAt)}/${compactUtc(end)}`, details: e.details, location: e.location,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

export function outlookCalendarUrl(e: CalendarEventLink): string {
  const end = new Date(e.startsAt.getTime() + e.minutes * 60_000);
  const params = new URLSearchParams({
    path: '/calendar/action/compose', rru: 'addevent', subject: e.title,
    startdt: e.startsAt.toISOString(), enddt: end.toISOString(), body: e.details, location: e.location,
  });
  return `https://outlook.live.com/calendar/0/action/compose?${params}`;
}
