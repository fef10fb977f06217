// WhatsApp messages to the lead (Meta's Cloud API): the kinds, the statuses and their pt-BR words, the
// opt-in's wording. The server (functions/lib/whatsapp/), the form and the painel all read them here.
// The order statuses may take is the database's (whatsapp_status_next, 20261201153000_whatsapp.sql).

export const WHATSAPP_KINDS = ['confirmacao', 'lembrete_24h', 'lembrete_1h', 'reagendamento', 'cancelamento'] as const;
export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];

export const WHATSAPP_STATUSES = ['pendente', 'enviado', 'entregue', 'lido', 'falhou', 'substituido_por_email', 'pulado'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

/** Each status in pt-BR, as the painel's lines say it ("WhatsApp: entregue"). */
export const WHATSAPP_STATUS_WORDS: Record<WhatsAppStatus, string> = {
  pendente: 'na fila',
  enviado: 'enviado',
  entregue: 'entregue',
  lido: 'lido',
  falhou: 'falhou',
  substituido_por_email: 'falhou, enviado por e-mail',
  pulado: 'não enviado',
};

/** The painel's line for a message's last status: "WhatsApp: entregue". */
export function whatsappStatusLine(status: WhatsAppStatus): string {
  return `WhatsApp: ${WHATSAPP_STATUS_WORDS[status]}`;
}

/** Each kind in pt-BR (the painel's history and the mentor's docs). */
export const WHATSAPP_KIND_WORDS: Record<WhatsAppKind, string> = {
  confirmacao: 'Confirmação',
  lembrete_24h: 'Lembrete 24 h antes',
  lembrete_1h: 'Lembrete 1 h antes',
  reagendamento: 'Aviso de reagendamento',
  cancelamento: 'Aviso de cancelamento',
};

/** The opt-in checkbox's text, exactly as the lead sees it. */
export const WHATSAPP_OPT_IN_TEXT = 'Quero receber a confirmação e o lembrete da reunião pelo WhatsApp';
/**
 * The version of that wording stored with each opt-in (an LGPD record of what was agreed to): change it
 * whenever the text changes.
 */
export const WHATSAPP_OPT_IN_VERSION = '2026-11-30';

/** The booking confirmation's line when a WhatsApp confirmation was queued (MeetingBooked.whatsapp). */
export const WHATSAPP_ON_ITS_WAY = 'A confirmação também está a caminho do seu WhatsApp.';

/** The lead's page (/reuniao): stopping the messages there, and the answer. */
export const WHATSAPP_STOP_ACTION = 'Parar mensagens no WhatsApp';
export const WHATSAPP_STOPPED = 'Pronto: você não vai mais receber mensagens pelo WhatsApp. Os e-mails continuam.';

/** The reply that stops the messages (case and accents aside). */
export const WHATSAPP_STOP_WORD = 'PARAR';

/** The experiment's groups: 'holdout' leads opted in but get e-mail only. null: no opt-in. */
export type WhatsAppGroup = 'whatsapp' | 'holdout';

/** The named parameters a template's text uses ("{{nome}}"), in order of first use. */
export function paramsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{([^{}]{1,40})\}\}/g)].map((m) => m[1].trim()))];
}
