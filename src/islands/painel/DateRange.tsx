// "Período": two Brasília dates (AAAA-MM-DD, both inclusive), as the lists' `de`/`ate` take them.
import { periodOrderMessage } from '../../domain/painel/period';
import { periodPresets } from './format';
import { ui } from './styles';

interface Props {
  id: string;
  from: string;
  to: string;
  /** Why the period is not applied (usablePeriod). */
  error: string | null;
  onChange: (from: string, to: string) => void;
}

/**
 * A complete date of this business: a date field reports "0002-11-26" while its year is still being
 * typed, and the endpoint refuses years before 2000, so such a value waits instead of asking (and
 * failing) once per keystroke.
 */
const complete = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 2000 && Number(value.slice(0, 4)) <= 2100;

/** The part of a period the list can ask for now, and why the rest waits. */
export function usablePeriod(from: string, to: string): { de?: string; ate?: string; error: string | null } {
  const de = complete(from) ? from : undefined;
  const ate = complete(to) ? to : undefined;
  if (de && ate && de > ate) return { error: periodOrderMessage };
  return { de, ate, error: null };
}

export function DateRange({ id, from, to, error, onChange }: Props) {
  const described = error ? `${id}-erro` : undefined;
  return (
    <fieldset className="grid min-w-0 gap-1.5">
      <legend className={`${ui.label} mb-1.5`}>Período</legend>
      <div className="mb-2 flex flex-wrap gap-2">
        {periodPresets().map((preset) => (
          <button
            key={preset.label}
            type="button"
            aria-pressed={from === preset.de && to === preset.ate}
            onClick={() => onChange(preset.de, preset.ate)}
            className={`${ui.small} aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white`}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid min-w-0 gap-1">
          <label htmlFor={`${id}-de`} className={ui.hint}>
            De
          </label>
          <input id={`${id}-de`} type="date" value={from} max={to || undefined} aria-invalid={error ? true : undefined} aria-describedby={described} onChange={(e) => onChange(e.target.value, to)} className={ui.input} />
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor={`${id}-ate`} className={ui.hint}>
            Até
          </label>
          <input id={`${id}-ate`} type="date" value={to} min={from || undefined} aria-invalid={error ? true : undefined} aria-describedby={described} onChange={(e) => onChange(from, e.target.value)} className={ui.input} />
        </div>
      </div>
      {error && (
        <p id={`${id}-erro`} role="alert" className={`${ui.error} mt-1`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
