// The WhatsApp card of Integrações (mentor): what GET /api/painel/integracoes/whatsapp answers and the card's
// words. Whether WhatsApp is configured comes from the functions' WHATSAPP_* settings (their names only, never
// a value); today's counts by last status and the latest failures from SQL painel_whatsapp_health.
import type { WhatsAppKind, WhatsAppStatus } from '../whatsapp';

export const whatsappHealthPath = '/api/painel/integracoes/whatsapp';

/** on: every required setting is there and usable; off: none is set; incomplete: some missing or unusable. */
export type WhatsAppSetup = { state: 'on'; holdoutPercent: number } | { state: 'off' } | { state: 'incomplete'; problems: string[] };

export type WhatsAppFailure = {
  id: string;
  leadId: string;
  leadName: string;
  meetingId: string | null;
  kind: WhatsAppKind;
  status: WhatsAppStatus;
  at: string;
  errorCode: number | null;
  errorTitle: string | null;
};

export type WhatsAppHealth = {
  setup: WhatsAppSetup;
  /** Where Meta posts the statuses: this site's /api/whatsapp/webhook (not a secret). */
  webhookUrl: string;
  /** Messages whose last status changed today (Brasília), by that status; pendente is `waiting`. */
  today: Partial<Record<WhatsAppStatus, number>>;
  /** Messages waiting to be sent now, whenever they were queued. */
  waiting: number;
  /** The latest failed ones (falhou, or substituido_por_email: the e-mail went instead), newest first. */
  failures: WhatsAppFailure[];
};

/** How many failures the card lists. */
export const WHATSAPP_FAILURES_SHOWN = 5;

/** The statuses the card counts today, in the order a message goes through them. */
export const WHATSAPP_TODAY_STATUSES = ['enviado', 'entregue', 'lido', 'falhou', 'substituido_por_email', 'pulado'] as const satisfies readonly WhatsAppStatus[];

export const whatsappHealthCopy = {
  title: 'WhatsApp (confirmação e lembretes)',
  setup: {
    on: 'Configurado',
    off: 'Não configurado',
    incomplete: 'Configuração incompleta',
  },
  onLine: (holdoutPercent: number) =>
    `As mensagens saem pela Cloud API da Meta para quem aceitou o WhatsApp no formulário. ${holdoutPercent} % de quem aceita fica no grupo de controle e recebe só e-mail (o experimento em Números).`,
  offLine: 'Sem as configurações WHATSAPP_* ninguém vê a caixa do WhatsApp no formulário e nada é enviado; os e-mails seguem como sempre.',
  incompleteLine: (problems: string[]) =>
    `Faltam ou estão inválidas: ${problems.join(', ')}. Enquanto isso nada é enviado pelo WhatsApp; os e-mails seguem como sempre.`,
  todayTitle: 'Hoje, pelo último status',
  waiting: 'Na fila agora',
  failuresTitle: 'Últimas falhas',
  noFailures: 'Nenhuma falha.',
  setupTitle: 'Como configurar',
  setupSteps: (webhookUrl: string) => [
    'No Meta for Developers, crie um app do tipo Empresa com o produto WhatsApp e registre o número do WhatsApp Business (um número que não esteja em uso no aplicativo do WhatsApp).',
    'No Gerenciador de Negócios, crie um usuário do sistema com a permissão whatsapp_business_messaging e gere um token permanente.',
    'Na Netlify, defina WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, WHATSAPP_APP_SECRET e WHATSAPP_VERIFY_TOKEN (e, se quiser, WHATSAPP_HOLDOUT_PERCENT) e publique o site de novo.',
    `No app da Meta, em WhatsApp > Configuração, informe o webhook ${webhookUrl} com o mesmo token de verificação e assine o campo "messages".`,
    'Envie os modelos do guia do WhatsApp (docs/mentor/whatsapp.md) para aprovação na categoria Utilidade, em Português (BR), com os mesmos nomes e textos.',
  ],
} as const;
