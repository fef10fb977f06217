// "Integrações" for the mentor (issue 33 item 6): what GET /api/painel/integracoes answers, and the words
// of the screen — each target's state with the current reason in pt-BR, its setup steps, and a pt-BR
// explanation beside RD Station's English errors.
import type { IntegrationTarget } from './api';
import type { IntegrationHealth } from './integration-status';

export type IntegrationFailure = {
  id: string;
  /** null: the lead was erased (its deliveries went with it, but a lead.erased event has none). */
  leadId: string | null;
  leadName: string | null;
  event: string;
  at: string;
  lastStatus: number | null;
  lastError: string | null;
  /** Still to be tried again (true), or given up until resent. */
  retrying: boolean;
};

/** A target's state facts (integration-status.ts names the state), today's sent count and its latest failures. */
export type IntegrationSummary = IntegrationHealth & {
  sentToday: number;
  failures: IntegrationFailure[];
};

/** POST /api/painel/integracoes/reenviar. */
export type ResendAllInput = { target: IntegrationTarget };

export const integrationsScreen = {
  title: 'Integrações',
  intro: 'Cada lead, reunião e desfecho vai para o RD Station Marketing e para o webhook (n8n, Make, Zapier) quando estão configurados. Aqui está como cada um está agora.',
  /** Com falha: given up or waiting to be retried (a retried delivery failed too); Na fila: waiting for their first attempt. */
  counts: { sentToday: 'Enviados hoje', failing: 'Com falha', waiting: 'Na fila' },
  failuresTitle: 'Últimas falhas',
  /** A failure still to be retried: when it goes again. */
  retryAt: 'nova tentativa',
  noFailures: 'Nenhuma falha.',
  erasedLead: 'Lead excluído',
  resendAll: 'Reenviar todos com falha',
  resendingAll: 'Reenviando…',
  setupTitle: 'Como configurar',
  /** Under a pause's status line: why it paused, and what brings the deliveries back. */
  pausedHelp: (target: IntegrationTarget): string => {
    if (target === 'rd') {
      return 'O RD Station recusou a chave de API: ela foi revogada, expirou ou foi copiada errada. '
        + 'Gere uma nova chave e troque-a na Netlify (passo 1 abaixo); ao publicar, os envios voltam sozinhos. Nada se perde: os novos envios esperam na fila.';
    }
    return 'O receptor do webhook respondeu que o endereço foi desativado. '
      + 'Reative-o no n8n/Make/Zapier ou troque o endereço na Netlify; depois use "Reenviar todos com falha". Nada se perde: os novos envios esperam na fila.';
  },
  setup: {
    rd: [
      'Na RD Station Marketing, com perfil Gestor ou Dono: App Store → App Publisher → "Gerar chave de API"; dê um nome (ex.: "Site") e copie a chave.',
      'Na Netlify: Site configuration → Environment variables → RD_STATION_API_KEY, cole a chave e publique o site de novo. A chave nunca aparece aqui nem no navegador.',
      'Na RD: Configurações da conta → Campos personalizados, crie campos de texto com estes identificadores: cf_cnpj, cf_faturamento, cf_vendedores, cf_segmento, cf_modelo_negocio, cf_servico, cf_consultor. Um campo que falta faz a RD recusar a conversão.',
      'O site envia as conversões orcamento-site (lead), reuniao-agendada e reuniao-realizada, no máximo uma de cada por lead.',
    ],
    webhook: [
      'No n8n, Make ou Zapier, crie um gatilho "Webhook" e copie o endereço (https).',
      'Crie um segredo: whsec_ seguido de 32 bytes aleatórios em base64 (ex.: echo whsec_$(openssl rand -base64 32)) e guarde-o no receptor também.',
      'Na Netlify: Site configuration → Environment variables → WEBHOOK_URL (o endereço) e WEBHOOK_SECRET (o segredo); publique de novo.',
      'O receptor recebe um POST por evento (lead.created, meeting.booked, meeting.rescheduled, meeting.cancelled, meeting.outcome_recorded, lead.erased) com os cabeçalhos webhook-id, webhook-timestamp e webhook-signature (Standard Webhooks) e o corpo { type, timestamp, data }; confira a assinatura antes de usar.',
    ],
  } satisfies Record<IntegrationTarget, string[]>,
} as const;

/** RD's error types (its answers are in English) in the mentor's words. */
const rdErrorTypes: Record<string, string> = {
  UNAUTHORIZED: 'a chave de API foi recusada: gere uma nova e troque-a na Netlify.',
  INVALID_OPTION: 'um campo enviado não existe na sua conta do RD (ou o valor não é uma das opções dele): crie o campo personalizado indicado, como texto.',
  UNRECOGNIZED_FIELD: 'um campo enviado não existe na sua conta do RD: crie o campo personalizado indicado, como texto.',
  CANNOT_BE_NULL: 'o RD exige um valor que veio vazio neste lead.',
  INVALID_FORMAT: 'o RD não aceitou o formato de um valor (e-mail, telefone ou data) deste lead.',
  TOO_MANY_REQUESTS: 'o RD pediu para esperar (limite de envios por minuto); o site tenta de novo sozinho.',
};

/**
 * A pt-BR explanation of a failed delivery's error: RD's error type when it is one we know, else what its
 * HTTP answer means. null: nothing to add (a pt-BR error of our own, or nothing at all).
 */
export function explainError(target: IntegrationTarget, status: number | null, error: string | null): string | null {
  if (target === 'rd') {
    const type = Object.keys(rdErrorTypes).find((t) => error?.includes(t));
    if (type) return `O RD respondeu em inglês: ${rdErrorTypes[type]}`;
    if (error && /does not exist|not exist|unknown field/i.test(error)) return `O RD respondeu em inglês: ${rdErrorTypes.UNRECOGNIZED_FIELD}`;
  }
  if (status === null) return error ? 'O site não conseguiu falar com o receptor (rede, tempo esgotado ou endereço não permitido).' : null;
  if (status === 401 || status === 403) return 'O receptor recusou a autorização (chave ou segredo).';
  if (status === 404) return 'O endereço não existe no receptor.';
  if (status === 410) return 'O receptor desativou o endereço.';
  if (status === 429) return 'O receptor pediu para esperar; o site tenta de novo sozinho.';
  if (status >= 500) return 'O receptor teve um erro interno; o site tenta de novo sozinho.';
  if (status >= 400) return 'O receptor recusou os dados deste envio; veja o erro acima.';
  if (status >= 300) return 'O receptor pediu um redirecionamento, que o site não segue: confira o endereço.';
  return null;
}
