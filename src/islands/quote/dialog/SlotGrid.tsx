import { useRef, type KeyboardEvent } from 'react';
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
  /** A deliberate choice (click, Enter, Space): the dialog moves focus on to "Confirmar Agendamento". */
  onChosen: () => void;
}

const sameSlot = (a: AvailabilitySlot | undefined, b: AvailabilitySlot) => a?.time === b.time && a?.presellerId === b.presellerId;
const NEXT: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Two columns of time + consultant's first name; scrolls above 16rem. One radio group: a single Tab stop
 * (the chosen slot, else the first), arrow keys move and select as in any radio group, Home/End jump.
 * Arrows keep focus in the group so the visitor can keep browsing; click, Enter or Space also move focus
 * on to the confirm button, since that is the next thing to do.
 */
export function SlotGrid({ copy, day, state, selected, onSelect, onChosen }: Props) {
  const list = useRef<HTMLUListElement>(null);
  const message = (text: string) => <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{text}</p>;

  let body;
  if (!day) body = message(copy.selectDateFirst);
  else if (state.status === 'loading') body = message(copy.loadingSlots);
  else if (state.status !== 'ready' || state.slots.length === 0) body = message(copy.noSlots);
  else {
    const { slots } = state;
    const current = Math.max(0, slots.findIndex((s) => sameSlot(selected, s)));
    const moveTo = (index: number) => {
      const target = (index + slots.length) % slots.length;
      onSelect(slots[target]);
      list.current?.querySelectorAll<HTMLElement>('[role="radio"]')[target]?.focus();
    };
    const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
      if (event.key in NEXT) moveTo(current + NEXT[event.key]);
      else if (event.key === 'Home') moveTo(0);
      else if (event.key === 'End') moveTo(slots.length - 1);
      else if (event.key === 'Enter' || event.key === ' ') {
        onSelect(slots[current]);
        onChosen();
      } else return;
      event.preventDefault();
    };
    body = (
      <ul ref={list} role="radiogroup" aria-labelledby="horarios-titulo" onKeyDown={onKeyDown} className="grid max-h-64 grid-cols-2 gap-2 overflow-y-auto p-1">
        {slots.map((slot, index) => {
          const active = sameSlot(selected, slot);
          const local = localTimeOf(day, slot.time);
          return (
            <li key={`${slot.time}-${slot.presellerId}`} role="presentation">
              <button
                type="button"
                role="radio"
                aria-checked={active}
                tabIndex={index === current ? 0 : -1}
                onClick={() => {
                  onSelect(slot);
                  onChosen();
                }}
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
  }

  return (
    <section aria-labelledby="horarios-titulo" aria-busy={state.status === 'loading' || undefined}>
      <h3 id="horarios-titulo" className="mb-2 text-sm font-semibold text-slate-800">
        {copy.slotsHeading} <span className="font-normal text-slate-600">({copy.timeZoneLabel})</span>
      </h3>
      {body}
    </section>
  );
}
