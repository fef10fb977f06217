// Several values of one list (a condition's accepted answers, a pool's consultants): a fieldset of
// checkboxes, each inside its label (the whole 44 px row is the target), the error tied to the group.
import { ui } from '../styles';

interface Props {
  id: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  values: readonly string[];
  onValues: (values: string[]) => void;
  error?: string | null;
  hint?: string;
  /** The legend is shown elsewhere (a <summary>): kept for screen readers only. */
  hiddenLegend?: boolean;
}

export function Checklist({ id, legend, options, values, onValues, error, hint, hiddenLegend = false }: Props) {
  const describedBy = [hint && `${id}-dica`, error && `${id}-erro`].filter(Boolean).join(' ') || undefined;
  const toggle = (value: string, on: boolean) =>
    // The options' own order, whatever order they were ticked in: the sentence reads the same every time.
    onValues(options.map((o) => o.value).filter((v) => (v === value ? on : values.includes(v))));
  return (
    <fieldset aria-describedby={describedBy} className="grid min-w-0 gap-1">
      <legend className={hiddenLegend ? 'sr-only' : `${ui.label} mb-1`}>{legend}</legend>
      {hint && (
        <p id={`${id}-dica`} className={ui.hint}>
          {hint}
        </p>
      )}
      <div className="grid sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-900">
            <input
              type="checkbox"
              name={id}
              value={option.value}
              checked={values.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
              aria-invalid={error ? true : undefined}
              className="size-5 shrink-0 accent-amber-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
            />
            <span className={ui.wrap}>{option.label}</span>
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
