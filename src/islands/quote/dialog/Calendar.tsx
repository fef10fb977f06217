import { addDays, startOfMonth } from 'date-fns';
import { DayPicker, type Matcher } from 'react-day-picker';
import { ptBR } from 'react-day-picker/locale/pt-BR';
import 'react-day-picker/style.css';
import { schedulingConfig } from '../../../domain/scheduling/config';
import { isoDay } from './dates';

interface Props {
  label: string;
  today: Date;
  month: Date;
  onMonthChange: (month: Date) => void;
  selected: Date | undefined;
  onSelect: (date: Date | undefined) => void;
  /** Bookable days of the visible month; null while loading, undefined when unknown (fetch failed). */
  days: Set<string> | null | undefined;
}

const closedWeekdays = [0, 1, 2, 3, 4, 5, 6].filter((d) => !(schedulingConfig.weekdays as readonly number[]).includes(d));

/** pt-BR month grid, week from Sunday, with month/year dropdowns and previous/next buttons. */
export function Calendar({ label, today, month, onMonthChange, selected, onSelect, days }: Props) {
  const last = addDays(today, schedulingConfig.horizonDays);
  const disabled: Matcher[] = [{ before: today }, { after: last }];
  // Holidays, full days and each consultant's working days come from the month's availability; only
  // when it is unknown (fetch failed) do the default weekdays stand in.
  if (days !== undefined) disabled.push((date: Date) => days === null || !days.has(isoDay(date)));
  else disabled.push({ dayOfWeek: closedWeekdays });

  // aria-busy sits on a wrapper: react-day-picker forwards aria-label and data-* to its root, not aria-busy
  // (passed to DayPicker it never reached the page).
  return (
    <div aria-busy={days === null || undefined}>
      <DayPicker
        mode="single"
        locale={ptBR}
        weekStartsOn={0}
        captionLayout="dropdown"
        startMonth={startOfMonth(today)}
        endMonth={startOfMonth(last)}
        month={month}
        onMonthChange={onMonthChange}
        selected={selected}
        onSelect={onSelect}
        disabled={disabled}
        aria-label={label}
        style={{ '--rdp-accent-color': '#b45309', '--rdp-accent-background-color': '#fef3c7', '--rdp-day-height': '2.5rem', '--rdp-day-width': '2.5rem', '--rdp-day_button-height': '2.375rem', '--rdp-day_button-width': '2.375rem' } as React.CSSProperties}
        className="mx-auto text-slate-900"
      />
    </div>
  );
}
