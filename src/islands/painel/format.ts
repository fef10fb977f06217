// Instants of the API shown as people in Brasília read them (the team works on Brasília time, wherever
// the browser is), in pt-BR. The zone is schedulingConfig.timeZone's, written here rather than imported
// with lib/meeting-time: sharing that module with /reuniao splits it into chunks of their own and costs
// /reuniao bytes it does not have in its 80 KB budget.
export const timeZone = 'America/Sao_Paulo';

const dayFormat = new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
const partsFormat = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function wallClock(iso: string) {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

/** The Brasília day of an instant (YYYY-MM-DD), the key that groups a list by day. */
export const dayKey = (iso: string) => wallClock(iso).day;

/** A day heading: 'qua., 25 de nov.'. */
export const dayHeading = (iso: string) => dayFormat.format(new Date(iso));

/** HH:mm in Brasília. */
export const timeOf = (iso: string) => wallClock(iso).time;

/** dd/MM/yyyy às HH:mm in Brasília. */
export function dateTimeOf(iso: string) {
  const { date, time } = wallClock(iso);
  return `${date} às ${time}`;
}
