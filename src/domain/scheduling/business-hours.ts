// The business hours the site states (contact section, JSON-LD) are the meeting hours of the scheduling
// config, derived here, so the page never promises hours the calendar does not offer.
import type { SchedulingConfig } from './config';

const weekdayNamesPt = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];
const weekdayNamesSchema = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

type Hours = Pick<SchedulingConfig, 'weekdays' | 'dayStart' | 'dayEnd'>;

/** "09:00" → "9h", "09:30" → "9h30". */
const hourPt = (time: string) => {
  const [h, m] = time.split(':');
  return `${Number(h)}h${m === '00' ? '' : m}`;
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** pt-BR: "Segunda a sexta, das 9h às 18h"; separate days: "Segunda, quarta e sexta, das 9h às 18h". */
export function businessHoursText({ weekdays, dayStart, dayEnd }: Hours): string {
  const days = [...weekdays].sort((a, b) => a - b);
  const consecutive = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1] + 1);
  const names = days.map((d) => weekdayNamesPt[d]);
  const dayText = consecutive ? `${names[0]} a ${names.at(-1)}` : names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : names[0];
  return `${capitalize(dayText)}, das ${hourPt(dayStart)} às ${hourPt(dayEnd)}`;
}

/** schema.org OpeningHoursSpecification of the same hours. */
export function openingHoursLd({ weekdays, dayStart, dayEnd }: Hours) {
  return {
    '@type': 'OpeningHoursSpecification' as const,
    dayOfWeek: [...weekdays].sort((a, b) => a - b).map((d) => weekdayNamesSchema[d]),
    opens: dayStart,
    closes: dayEnd,
  };
}
