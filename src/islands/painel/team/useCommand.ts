// One consultants command through POST team ({ command, args } as `npm run consultants` takes them):
// its answer ({ message } or { error }) for the form that sent it, and a re-read of the team after a success.
import { useCallback, useState } from 'react';
import { painelPaths, type TeamCommand } from '../../../domain/painel/api';
import { request } from '../api';
import type { Message } from '../ui';

export function useCommand(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const run = useCallback(
    async (command: TeamCommand['command'], args: string[]) => {
      setBusy(true);
      setMessage(null);
      const result = await request<{ message: string }>(painelPaths.team, { method: 'POST', body: { command, args } satisfies TeamCommand });
      setBusy(false);
      if (!result.ok) {
        setMessage({ kind: 'alert', text: result.error });
        return null;
      }
      const text = result.data?.message ?? '';
      setMessage({ kind: 'status', text });
      onDone();
      return text;
    },
    [onDone],
  );

  return { busy, message, setMessage, run };
}
