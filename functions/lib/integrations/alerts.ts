// The mentor's mails about a target: when it pauses (once per pause: integration_result queues it only when
// the pause starts), saying what happened, what waits and how to resume; and when a delivery fails for good
// (at most one a day per target, integration_alert), saying which event, why, and where to resend it.
import { integrationCopy } from '../../../src/domain/painel/copy';
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

export const failureCopy = {
  subject: { rd: 'RD Station recusou uma conversão do site', webhook: 'Webhook: um evento não pôde ser entregue' },
  what: (target: 'rd' | 'webhook', event: string, error: string) =>
    `${target === 'rd' ? 'A RD Station Marketing recusou a conversão' : 'O endereço do webhook não recebeu o evento'} "${event}": ${error}.`,
  lead: (name: string, email: string) => `Lead: ${name} (${email}).`,
  find: `No painel, em Leads, o filtro "${integrationCopy.title}: ${integrationCopy.filters.falha}" lista todos os leads com um envio a corrigir; no lead, use "${integrationCopy.resend}".`,
  fix: {
    rd: 'Se a mensagem cita um campo (cf_…), crie-o na RD Station com esse identificador exato (veja "RD Station Marketing" no guia de integrações do mentor, docs/mentor/integracoes.md).',
    webhook: 'Verifique o endereço e o receptor (n8n, Make, Zapier).',
  },
  note: 'Outras falhas do mesmo destino nas próximas 24 horas não geram novo aviso: veja-as no painel.',
} as const;

const openPainel = (siteUrl: string) => ({ type: 'buttons' as const, links: [{ label: 'Abrir o painel', url: `${siteUrl}/painel` }] });

export function integrationAlert(target: 'rd' | 'webhook', status: number, input: { to: string; siteUrl: string }): MailContent {
  const copy = alertCopy[target];
  return composeMail({ to: input.to, subject: copy.subject }, {
    greeting: 'Olá!',
    blocks: [{ type: 'text', text: copy.what(status) }, { type: 'text', text: copy.waiting }, { type: 'text', text: copy.fix }, openPainel(input.siteUrl)],
    footer: { siteUrl: input.siteUrl, note: 'Este aviso é enviado uma vez a cada pausa.' },
  });
}

/**
 * A delivery refused for good, or out of attempts: the event, the receiver's error and which lead, so the
 * mentor finds it in the painel (never the payload itself).
 */
export function failureAlert(
  target: 'rd' | 'webhook', event: string, error: string, lead: { name: string; email: string } | null, input: { to: string; siteUrl: string },
): MailContent {
  return composeMail({ to: input.to, subject: failureCopy.subject[target] }, {
    greeting: 'Olá!',
    blocks: [
      { type: 'text', text: failureCopy.what(target, event, error) },
      ...(lead ? [{ type: 'text' as const, text: failureCopy.lead(lead.name, lead.email) }] : []),
      { type: 'text', text: failureCopy.fix[target] },
      { type: 'text', text: failureCopy.find },
      openPainel(input.siteUrl),
    ],
    footer: { siteUrl: input.siteUrl, note: failureCopy.note },
  });
}
