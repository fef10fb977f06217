// The frame of each team form: a titled painel form, its fields, one submit button, the command's answer
// right under it (status or alert; the focus goes there so the result is heard and seen).
import type { ReactNode, RefObject } from 'react';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { ui } from '../styles';
import { Notice, type Message } from '../ui';

interface Props {
  id: string;
  title: string;
  submit: string;
  /** The submit's words while the command runs (e.g. 'Lendo a agenda…'); `submit` when not given. */
  busyLabel?: string;
  /** From useCommand. */
  form: { root: RefObject<HTMLFormElement | null>; busy: boolean; message: Message };
  onSubmit: () => void;
  children?: ReactNode;
  /** More buttons next to submit (e.g. 'Desconectar agenda'). */
  extra?: ReactNode;
  danger?: boolean;
  /** The title's heading level: 4 inside a card under its h3, 3 for a form that is a card of its own. */
  level?: 3 | 4;
}

export function CommandForm({ id, title, submit, busyLabel, form, onSubmit, children, extra, danger, level = 4 }: Props) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <PainelForm form={form} onSubmit={onSubmit} aria-labelledby={id} className="grid gap-3 border-t border-slate-200 pt-4">
      <Heading id={id} className="font-semibold text-slate-900">
        {title}
      </Heading>
      {children}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <BusyButton busy={form.busy} label={submit} busyLabel={busyLabel} className={danger ? ui.danger : ui.secondary} />
        {extra}
      </div>
      <Notice message={form.message} focus />
    </PainelForm>
  );
}
