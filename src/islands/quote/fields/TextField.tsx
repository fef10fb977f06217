import type { HTMLAttributes } from 'react';
import type { LeadField } from '../../../domain/lead';
import { FieldError } from './FieldError';
import { errorId, fieldId } from './ids';
import { controlClass, labelClass } from './styles';

interface Props {
  name: LeadField;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoCapitalize?: string;
  maxLength?: number;
  spellCheck?: boolean;
}

export function TextField({ name, label, value, error, onChange, type = 'text', ...rest }: Props) {
  return (
    <div>
      <label htmlFor={fieldId(name)} className={labelClass}>
        {label}
      </label>
      <input
        id={fieldId(name)}
        name={name}
        type={type}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        className={controlClass(Boolean(error))}
        {...rest}
      />
      <FieldError name={name} message={error} />
    </div>
  );
}
