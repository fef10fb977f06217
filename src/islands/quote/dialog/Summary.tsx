import type { AvailabilitySlot } from '../../../domain/api';
import { locationCopy } from '../../../domain/meeting-location';
import type { DialogCopy } from '../../../schemas/orcamento';
import { fill } from '../format';
import { localTimeOf } from './dates';

interface Props {
  copy: DialogCopy;
  day: string | null;
  dateLabel: string | null;
  slot: AvailabilitySlot | undefined;
}

/** What will be booked: date dd/MM/yyyy, time in Brasília (plus local time when different), consultant. */
export function Summary({ copy, day, dateLabel, slot }: Props) {
  const local = day && slot ? localTimeOf(day, slot.time) : null;
  return (
    <section aria-labelledby="resumo-titulo" aria-live="polite" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id="resumo-titulo" className="text-sm font-semibold text-slate-800">
        {copy.summaryHeading}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{copy.summaryDate}</dt>
        <dd className="font-medium text-slate-900" data-testid="resumo-data">{dateLabel ?? copy.summaryEmpty}</dd>
        <dt className="text-slate-600">{copy.summaryTime}</dt>
        <dd className="font-medium text-slate-900" data-testid="resumo-horario">
          {slot ? `${slot.time} (${copy.timeZoneLabel})` : copy.summaryEmpty}
          {local && <span className="block font-normal text-slate-600">{fill(copy.localTime, { time: local })}</span>}
        </dd>
        <dt className="text-slate-600">{copy.summaryConsultant}</dt>
        <dd className="font-medium text-slate-900" data-testid="resumo-consultor">{slot?.presellerName ?? copy.summaryEmpty}</dd>
        <dt className="text-slate-600">{copy.summaryLocation}</dt>
        <dd className="font-medium text-slate-900" data-testid="resumo-local">{slot ? locationCopy[slot.location].label : copy.summaryEmpty}</dd>
      </dl>
    </section>
  );
}
