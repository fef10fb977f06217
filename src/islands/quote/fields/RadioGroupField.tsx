import type { Option } from '../../../domain/options';
import type { LeadField } from '../../../domain/lead';
import { FieldError } from './FieldError';
import { errorId, fieldId } from './ids';

interface Props {
  name: LeadField;
  legend: string;
  options: readonly Option[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * Native radios in a fieldset: arrow keys move between options for free.
 * The first radio carries the field id so "focus the first invalid field" lands inside the group.
 */
export function RadioGroupField({ name, legend, options, value, error, onChange }: Props) {
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId(name) : undefined}
      aria-required="true"
      role="radiogroup"
    >
      <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o, i) => {
          const id = i === 0 ? fieldId(name) : `${fieldId(name)}-${o.value}`;
          const checked = value === o.value;
          return (
            <label
              key={o.value}
              htmlFor={id}
              className={[
                'flex cursor-pointer items-center gap-3 rounded-lg border px-3.5 py-3 text-base text-slate-900',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-500',
                checked ? 'border-amber-500 bg-amber-50' : error ? 'border-red-600' : 'border-slate-300 bg-white',
              ].join(' ')}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={o.value}
                checked={checked}
                onChange={() => onChange(o.value)}
                className="h-4 w-4 accent-amber-600"
              />
              {o.label}
            </label>
          );
        })}
      </div>
      <FieldError name={name} message={error} />
    </fieldset>
  );
}
