// Small pieces every screen uses: a heading that takes the focus when its screen opens, the status and
// alert lines, labelled fields whose error is tied to them (aria-invalid + aria-describedby).
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { ui } from './styles';

/** A screen's heading; `focus`: take the focus on mount (a screen opened by the user, not the first paint). */
export function ScreenHeading({ id, level = 2, focus, children, className = ui.heading }: { id?: string; level?: 1 | 2; focus: boolean; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag ref={ref} id={id} tabIndex={-1} className={className}>
      {children}
    </Tag>
  );
}

/** A failure that another try may fix (network, 5xx): the words, and "Tentar de novo" when `onRetry` is given. */
export function RetryAlert({ error, onRetry, className = '' }: { error: string; onRetry?: () => void; className?: string }) {
  return (
    <div role="alert" className={`rounded-xl border border-red-200 bg-red-50 px-4 py-3 ${className}`}>
      <p className="font-medium text-red-900">{error}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className={`${ui.small} mt-3`}>
          Tentar de novo
        </button>
      )}
    </div>
  );
}

export type Message = { kind: 'status' | 'alert'; text: string } | null;

/** A status (role=status) or an error (role=alert); `focus`: take the focus when it appears (errors, results). */
export function Notice({ message, focus = false, className = '' }: { message: Message; focus?: boolean; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message && focus) ref.current?.focus();
  }, [message, focus]);
  if (!message) return null;
  const look = message.kind === 'alert' ? 'border-red-200 bg-red-50 text-red-900' : 'border-emerald-200 bg-emerald-50 text-emerald-900';
  return (
    <p ref={ref} tabIndex={-1} role={message.kind} className={`whitespace-pre-line rounded-xl border px-4 py-3 font-medium focus:outline-none ${ui.wrap} ${look} ${className}`}>
      {message.text}
    </p>
  );
}

/** A live region that is always in the page (a region added with its text is not always read). */
export function LiveStatus({ text }: { text: string }) {
  return (
    <p role="status" className="sr-only">
      {text}
    </p>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
};

export function TextField({ id, label, value, onValue, hint, error, inputRef, className = '', ...rest }: FieldProps) {
  const describedBy = [hint && `${id}-dica`, error && `${id}-erro`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`grid min-w-0 content-start gap-1.5 ${className}`}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <input
        {...rest}
        ref={inputRef}
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={ui.input}
      />
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

type Choice = { readonly value: string; readonly label: string };

/** A select whose first option ('Todos' etc.) clears the filter. */
export function SelectField({ id, label, value, onValue, options, empty }: { id: string; label: string; value: string; onValue: (v: string) => void; options: readonly Choice[]; empty: string }) {
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onValue(e.target.value)} className={ui.input}>
        <option value="">{empty}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** 'Carregar mais' while the list has a next page. */
export function LoadMore({ visible, busy, onLoad }: { visible: boolean; busy: boolean; onLoad: () => void }) {
  if (!visible) return null;
  return (
    <button type="button" onClick={onLoad} disabled={busy} aria-busy={busy || undefined} className={`${ui.secondary} mt-4 w-full sm:w-auto`}>
      {busy ? 'Carregando…' : 'Carregar mais'}
    </button>
  );
}

/** A 'Voltar' button at the top of a detail. */
export function BackButton({ onBack, label = 'Voltar' }: { onBack: () => void; label?: string }) {
  return (
    <button type="button" onClick={onBack} className={ui.small}>
      <span aria-hidden="true" className="mr-1">
        ←
      </span>
      {label}
    </button>
  );
}
