import type { AvailabilitySlot } from '../../../domain/api';
import type { DialogCopy } from '../../../schemas/orcamento';
import { fill } from '../format';
import { firstName } from '../../../domain/text';
import { localTimeOf } from './dates';
import type { SlotsState } from './useSlots';

interface Props {
  copy: DialogCopy;
  day: string | null;
  state: SlotsState;
  selected: AvailabilitySlot | undefined;
  onSelect: (slot: AvailabilitySlot) => void;
}

const sameSlot = (a: AvailabilitySlot | undefined, b: AvailabilitySlot) => a?.time === b.time && a?.presellerId === b.presellerId;

/** Two columns of time + consultant's first name; scrolls above 16rem. */
export function SlotGrid({ copy, day, state, selected, onSelect }: Props) {
  const message = (text: string) => <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{text}</p>;

  let body;
  if (!day) body = message(copy.selectDateFirst);
  else if (state.status === 'loading') body = message(copy.loadingSlots);
  else if (state.status !== 'ready' || state.slots.length === 0) body = message(copy.noSlots);
  else
    body = (
      <ul className="grid max-h-64 grid-cols-2 gap-2 overflow-y-auto p-1">
        {state.slots.map((slot) => {
          const active = sameSlot(selected, slot);
          const local = localTimeOf(day, slot.time);
          return (
            <li key={`${slot.time}-${slot.presellerId}`}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onSelect(slot)}
                className={[
                  'flex w-full flex-col items-center rounded-lg border px-2 py-2 text-center focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500',
                  active ? 'border-amber-600 bg-amber-100 text-slate-950' : 'border-slate-300 bg-white text-slate-900 hover:border-amber-400',
                ].join(' ')}
              >
                <span className="text-base font-semibold tabular-nums">{slot.time}</span>
                <span className="text-sm text-slate-700">{firstName(slot.presellerName)}</span>
                {local && <span className="text-xs text-slate-600">{fill(copy.localTime, { time: local })}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section aria-labelledby="horarios-titulo" aria-busy={state.status === 'loading' || undefined}>
      <h3 id="horarios-titulo" className="mb-2 text-sm font-semibold text-slate-800">
        {copy.slotsHeading} <span className="font-normal text-slate-600">({copy.timeZoneLabel})</span>
      </h3>
      {body}
    </section>
  );
}
