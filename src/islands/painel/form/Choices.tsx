// A labelled group of radios or checkboxes (fieldset + legend), each box inside its label so the whole
// 44 px row is the target; the hint and the error tied to the group. The error marks the radiogroup itself
// (a fieldset may not carry aria-invalid without that role), or each checkbox of a list.
import { ui } from '../styles';

export interface ChoicesProps {
  id: string;
  legend: string;
  /** The legend is shown elsewhere (a <summary>): kept for screen readers only. */
  hiddenLegend?: boolean;
  hint?: string;
  error?: string | null;
  options: readonly { value: string; label: string }[];
}

type Props = ChoicesProps & {
  type: 'radio' | 'checkbox';
  checked: (value: string) => boolean;
  onCheck: (value: string, on: boolean) => void;
  /** Classes of the box around the options (a column, a row, two columns). */
  layout: string;
};

export function Choices({ id, legend, hiddenLegend = false, hint, error, options, type, checked, onCheck, layout }: Props) {
  const describedBy = [hint && `${id}-dica`, error && `${id}-erro`].filter(Boolean).join(' ') || undefined;
  const radio = type === 'radio';
  const invalid = error ? true : undefined;
  return (
    <fieldset role={radio ? 'radiogroup' : undefined} aria-invalid={radio ? invalid : undefined} aria-describedby={describedBy} className="grid min-w-0 gap-1">
      <legend className={hiddenLegend ? 'sr-only' : `${ui.label} mb-1`}>{legend}</legend>
      {hint && (
        <p id={`${id}-dica`} className={ui.hint}>
          {hint}
        </p>
      )}
      <div className={layout}>
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-900">
            <input
              type={type}
              name={id}
              value={option.value}
              checked={checked(option.value)}
              onChange={(e) => onCheck(option.value, e.target.checked)}
              aria-invalid={radio ? undefined : invalid}
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
