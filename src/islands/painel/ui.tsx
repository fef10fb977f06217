// Small pieces every screen uses: a heading that takes the focus when its screen opens, the status and
// alert lines, 'Carregar mais' and 'Voltar'.
import { useEffect, useRef, type ReactNode } from 'react';
import { BusyButton } from './form/PainelForm';
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

// The fields' one home is form/Field.tsx; screens that took them from here still may.
export { SelectField, TextField } from './form/Field';

/** 'Carregar mais' while the list has a next page. */
export function LoadMore({ visible, busy, onLoad }: { visible: boolean; busy: boolean; onLoad: () => void }) {
  if (!visible) return null;
  return <BusyButton type="button" onClick={onLoad} busy={busy} label="Carregar mais" busyLabel="Carregando…" className={`${ui.secondary} mt-4 w-full sm:w-auto`} />;
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
