// Instants of the API shown as people in Brasília read them (the team works on Brasília time, wherever
// the browser is), in pt-BR. The zone is schedulingConfig.timeZone's, written here rather than imported
// with lib/meeting-time: sharing that module with /reuniao splits it into chunks of their own and costs
// /reuniao bytes it does not have in its 80 KB budget.
export const timeZone = 'America/Sao_Paulo';

// Made on first use: a formatter with a time zone costs tens of milliseconds on a slow phone, and this
// module is evaluated before the painel's first screen, which needs one of the three at most.
let dayFormat: Intl.DateTimeFormat | undefined;
let dayFormatWithYear: Intl.DateTimeFormat | undefined;
let partsFormat: Intl.DateTimeFormat | undefined;

export function wallClock(iso: string) {
  partsFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

/** The Brasília day of an instant (YYYY-MM-DD), the key that groups a list by day. */
export const dayKey = (iso: string) => wallClock(iso).day;

/** A day heading: 'qua., 25 de nov.'; another year's day says its year ('ter., 7 de jan. de 2025'). */
export function dayHeading(iso: string, now: Date = new Date()) {
  const sameYear = dayKey(iso).slice(0, 4) === dayKey(now.toISOString()).slice(0, 4);
  const format = sameYear
    ? (dayFormat ??= new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }))
    : (dayFormatWithYear ??= new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }));
  return format.format(new Date(iso));
}

/**
 * The period presets of the lists' "Período" (Brasília days, both ends inclusive): today, yesterday, this
 * week (Monday to today) and this month (the 1st to today).
 */
export function periodPresets(now: Date = new Date()): { label: string; de: string; ate: string }[] {
  const today = dayKey(now.toISOString());
  const shift = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return [
    { label: 'Hoje', de: today, ate: today },
    { label: 'Ontem', de: shift(today, -1), ate: shift(today, -1) },
    { label: 'Esta semana', de: shift(today, -((weekday + 6) % 7)), ate: today },
    { label: 'Este mês', de: `${today.slice(0, 8)}01`, ate: today },
  ];
}

/** HH:mm in Brasília. */
export const timeOf = (iso: string) => wallClock(iso).time;

/** dd/MM/yyyy às HH:mm in Brasília. */
export function dateTimeOf(iso: string) {
  const { date, time } = wallClock(iso);
  return `${date} às ${time}`;
}

/**
 * WhatsApp's link for a stored phone (10–11 Brazilian digits, or E.164 '+…' from abroad): what a Brazilian
 * team opens first, beside the tel: link.
 */
export function whatsappUrl(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${phone.trim().startsWith('+') ? digits : `55${digits}`}`;
}
