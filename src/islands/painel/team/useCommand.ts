// One consultants command through POST team, or POST minha-agenda on a consultant's own screen (the
// CommandPath context says which; the server scopes the second to the viewer): { command, args } as
// `npm run consultants` takes them. Its answer ({ message } or { error }) for the form that sent it, and a
// re-read after a success. failure: the server's refusal, for a form that shows it next to its field.
import { createContext, useCallback, useContext, useState } from 'react';
import { painelPaths, type TeamAnswer, type TeamCommand } from '../../../domain/painel/api';
import { request } from '../api';
import type { Message } from '../ui';

export const CommandPath = createContext<string>(painelPaths.team);

export function useCommand(onDone: () => void) {
  const path = useContext(CommandPath);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [answer, setAnswer] = useState<TeamAnswer | null>(null);

  const run = useCallback(
    async (command: TeamCommand['command'], args: string[], opts: { quiet?: boolean } = {}) => {
      setBusy(true);
      setMessage(null);
      setAnswer(null);
      const result = await request<TeamAnswer>(path, { method: 'POST', body: { command, args } satisfies TeamCommand });
      setBusy(false);
      if (!result.ok) {
        // quiet: the form shows the refusal next to its field instead.
        if (!opts.quiet) setMessage({ kind: 'alert', text: result.error });
        return { ok: false as const, error: result.error };
      }
      const text = result.data?.message ?? '';
      setAnswer(result.data);
      if (text) setMessage({ kind: 'status', text });
      onDone();
      return { ok: true as const, text };
    },
    [onDone, path],
  );

  return { busy, message, setMessage, answer, run };
}
