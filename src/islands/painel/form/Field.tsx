// A labelled field whose hint and error are tied to it (aria-describedby; aria-invalid while it has an
// error, which is also how useFormSubmit finds the first invalid field). The ids: `${id}-dica`, `${id}-erro`.
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { ui } from '../styles';

type Wiring = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined; className: string };

interface FieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  /** The control, given the attributes that tie it to its label, hint and error. */
  children: (wiring: Wiring) => ReactNode;
}

export function Field({ id, label, hint, error, className = '', children }: FieldProps) {
  const describedBy = [hint && `${id}-dica`, error && `${id}-erro`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`grid min-w-0 content-start gap-1.5 ${className}`}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: ui.input })}
      {hint && (
        <p id={`${id}-dica`} className={ui.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-erro`} className={ui.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type Common = { id: string; label: string; value: string; onValue: (value: string) => void; hint?: ReactNode; error?: string | null };

type TextProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & Common & { inputRef?: Ref<HTMLInputElement> };

/** `autoComplete` is off unless given: the console's fields are about other people (leads, consultants), and the browser would offer the staff member's own data or keep theirs. */
export function TextField({ id, label, value, onValue, hint, error, inputRef, className, autoComplete = 'off', ...rest }: TextProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(wiring) => <input {...rest} {...wiring} ref={inputRef} autoComplete={autoComplete} value={value} onChange={(e) => onValue(e.target.value)} />}
    </Field>
  );
}

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value' | 'className'> & Common;

export function TextAreaField({ id, label, value, onValue, hint, error, ...rest }: AreaProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(wiring) => <textarea {...rest} {...wiring} value={value} onChange={(e) => onValue(e.target.value)} />}
    </Field>
  );
}

type Choice = { readonly value: string; readonly label: string };

/** A select; `empty`: a first option with no value ('Todos', 'Escolha'), e.g. one that clears a filter. */
export function SelectField({ id, label, value, onValue, options, empty, hint, error }: Common & { options: readonly Choice[]; empty?: string }) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(wiring) => (
        <select {...wiring} value={value} onChange={(e) => onValue(e.target.value)}>
          {empty !== undefined && <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
