// One consultants command through POST team, or POST minha-agenda on a consultant's own screen (the
// CommandPath context says which; the server scopes the second to the viewer): { command, args } as
// `npm run consultants` takes them. A painel form's state (useFormSubmit) plus `run`: the answer ({ message }
// or { error }) for the form that sent it, and a re-read after a success. `quiet`: the form shows the
// refusal next to its field instead of as the form's alert.
import { createContext, useCallback, useContext, useState } from 'react';
import { painelPaths, type TeamAnswer, type TeamCommand } from '../../../domain/painel/api';
import { request } from '../api';
import { useFormSubmit } from '../form/useFormSubmit';

export const CommandPath = createContext<string>(painelPaths.team);

export function useCommand<F extends string = string>(onDone: () => void) {
  const path = useContext(CommandPath);
  const form = useFormSubmit<F>();
  const { send, setMessage } = form;
  const [answer, setAnswer] = useState<TeamAnswer | null>(null);

  const run = useCallback(
    async (command: TeamCommand['command'], args: string[], opts: { quiet?: boolean } = {}) => {
      setAnswer(null);
      const result = await send(() => request<TeamAnswer>(path, { method: 'POST', body: { command, args } satisfies TeamCommand }));
      // Undefined: another command of this form is on its way; this one was not sent.
      if (!result?.ok) {
        const error = result?.error ?? '';
        if (error && !opts.quiet) setMessage({ kind: 'alert', text: error });
        return { ok: false as const, error };
      }
      const text = result.data?.message ?? '';
      setAnswer(result.data);
      if (text) setMessage({ kind: 'status', text });
      onDone();
      return { ok: true as const, text };
    },
    [onDone, path, send, setMessage],
  );

  return { ...form, answer, run };
}
