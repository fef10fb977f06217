import type { Option } from '../../../domain/options';
import type { LeadField } from '../../../domain/lead';
import { FieldError } from './FieldError';
import { errorId, fieldId } from './ids';
import { controlClass, labelClass } from './styles';

interface Props {
  name: LeadField;
  label: string;
  placeholder?: string;
  options: readonly Option[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
  autoComplete?: string;
}

export function SelectField({ name, label, placeholder, options, value, error, onChange, autoComplete }: Props) {
  return (
    <div>
      <label htmlFor={fieldId(name)} className={labelClass}>
        {label}
      </label>
      <select
        id={fieldId(name)}
        name={name}
        value={value}
        required
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        className={`${controlClass(Boolean(error))} appearance-auto`}
      >
        <option value="">{placeholder ?? label}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError name={name} message={error} />
    </div>
  );
}
