// GET /api/agenda/:token → the consultant's meetings as text/calendar; any other token → 404.
import type { App } from '../app';
import { agendaIcs, agendaTokenHash, isAgendaToken } from '../agenda';
import { allowMethods, guard, HttpError } from '../http';

export const agendaCopy = { notFound: 'Agenda não encontrada.' } as const;

type Context = { params?: Record<string, string> };

export function createAgendaHandler(getApp: () => Promise<App>) {
  return (req: Request, context?: Context) =>
    guard('agenda', async () => {
      allowMethods(req, ['GET', 'HEAD']);
      const token = context?.params?.token ?? new URL(req.url).pathname.split('/').pop() ?? '';
      if (!isAgendaToken(token)) throw new HttpError(404, agendaCopy.notFound);
      const app = await getApp();
      const agenda = await app.store.agenda(agendaTokenHash(token));
      if (!agenda) throw new HttpError(404, agendaCopy.notFound);
      return new Response(req.method === 'HEAD' ? null : agendaIcs(agenda), {
        status: 200,
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'cache-control': 'private, no-store',
          'x-robots-tag': 'noindex',
          'referrer-policy': 'no-referrer',
        },
      });
    });
}
