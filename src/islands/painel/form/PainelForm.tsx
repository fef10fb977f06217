// The frame of a painel form: no browser validation bubbles (the form's own pt-BR errors show beside the
// fields), a submit while one is on its way does nothing, and the button says it is busy.
import type { ButtonHTMLAttributes, FormHTMLAttributes, RefObject } from 'react';

type Props = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  /** From useFormSubmit: the form's element (where the first invalid field is looked for) and its busy state; none for a form that sends nothing (a search, a local test). */
  form?: { root?: RefObject<HTMLFormElement | null>; busy: boolean };
  onSubmit: () => void;
};

export function PainelForm({ form: { root, busy } = { busy: false }, onSubmit, children, ...rest }: Props) {
  return (
    <form
      noValidate
      {...rest}
      ref={root}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      {children}
    </form>
  );
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  busy: boolean;
  label: string;
  /** The words while busy ('Enviando…'); the label when not given. */
  busyLabel?: string;
};

/** A button whose action is on its way: aria-busy, its busy words, and disabled unless `disabled` says otherwise. */
export function BusyButton({ busy, label, busyLabel = label, disabled = busy, type = 'submit', ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} disabled={disabled} aria-busy={busy || undefined}>
      {busy ? busyLabel : label}
    </button>
  );
}
