// The mentor's mail when a target pauses: once per pause (integration_result queues it only when the
// pause starts), saying what happened, what waits, and how to resume.
import type { MailContent } from '../store/port';
import { composeMail } from '../mail/layout';

export const alertCopy = {
  rd: {
    subject: 'RD Station recusou a chave de API: envios pausados',
    what: (status: number) => `A RD Station Marketing respondeu ${status} ao receber uma conversão do site: a chave de API (RD_STATION_API_KEY) foi recusada.`,
    waiting: 'Todos os envios para a RD Station estão pausados. Nenhum lead se perde: as conversões continuam na fila.',
    fix: 'Crie ou reative a chave na RD Station (perfil Gestor ou Dono), atualize RD_STATION_API_KEY na Netlify e publique de novo: os envios recomeçam sozinhos. Se a chave já estiver certa, use "Reenviar" em qualquer envio pausado, no painel.',
  },
  webhook: {
    subject: 'Webhook desativado: o endereço respondeu 410',
    what: (status: number) => `O endereço configurado em WEBHOOK_URL respondeu ${status} (Gone): o receptor pediu para não receber mais eventos.`,
    waiting: 'Os eventos ficam na fila e não são enviados enquanto o webhook estiver desativado.',
    fix: 'Configure um novo endereço em WEBHOOK_URL e publique de novo, ou reative o receptor e use "Reenviar" em um envio pausado, no painel.',
  },
} as const;

export function integrationAlert(target: 'rd' | 'webhook', status: number, input: { to: string; siteUrl: string }): MailContent {
  const copy = alertCopy[target];
  return composeMail({ to: input.to, subject: copy.subject }, {
    greeting: 'Olá!',
    blocks: [
      { type: 'text', text: copy.what(status) },
      { type: 'text', text: copy.waiting },
      { type: 'text', text: copy.fix },
      { type: 'buttons', links: [{ label: 'Abrir o painel', url: `${input.siteUrl}/painel` }] },
    ],
    footer: { siteUrl: input.siteUrl, note: 'Este aviso é enviado uma vez a cada pausa.' },
  });
}
