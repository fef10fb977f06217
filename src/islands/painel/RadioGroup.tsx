// A labelled group of radios (fieldset + legend), each radio inside its label so the whole 44 px row is
// the target; an error is tied to the group (aria-invalid + aria-describedby on the radiogroup).
import { ui } from './styles';

interface Props<V extends string> {
  id: string;
  legend: string;
  options: readonly { value: V; label: string }[];
  value: V | '';
  onValue: (value: V) => void;
  error?: string | null;
  inline?: boolean;
}

export function RadioGroup<V extends string>({ id, legend, options, value, onValue, error, inline = false }: Props<V>) {
  return (
    <fieldset role="radiogroup" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-erro` : undefined} className="grid min-w-0 gap-1">
      <legend className={`${ui.label} mb-1`}>{legend}</legend>
      <div className={inline ? 'flex flex-wrap gap-x-6' : 'grid'}>
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-900">
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={value === option.value}
              onChange={() => onValue(option.value)}
              className="size-5 shrink-0 accent-amber-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-erro`} className={ui.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
