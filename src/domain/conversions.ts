// Conversions sent back to the ad platforms (Meta's Conversions API, Google's Data Manager API) and the
// measurement basis a lead is sent on (LGPD). The one home of their names and pt-BR wording: the form's
// checkbox, the painel's events of a lead and its Integrações summary, the mentor's docs all read them
// here. No zod and nothing heavy: the form's island imports the checkbox's text (its JS budget is tight).

/** The mentor's basis for sending hashed contacts to the platforms (measurement_settings.basis). */
export const MEASUREMENT_BASES = ['consentimento', 'interesse_legitimo'] as const;
export type MeasurementBasis = (typeof MEASUREMENT_BASES)[number];

export const measurementBasisLabel: Record<MeasurementBasis, string> = {
  consentimento: 'Consentimento (caixa de seleção no formulário)',
  interesse_legitimo: 'Interesse legítimo (política de privacidade)',
};

/**
 * The form's checkbox, unticked, shown when the basis is consent. Its version is what a lead stores with
 * the basis: change the text, change the version.
 */
export const MEASUREMENT_CONSENT = {
  text: 'Autorizo o uso do meu e-mail e telefone, de forma criptografada, para medir os anúncios que me trouxeram',
  version: '2026-12-01',
} as const;

/** The platforms, as outbox kinds and integration targets. */
export const CONVERSION_PLATFORMS = ['meta', 'google'] as const;
export type ConversionPlatform = (typeof CONVERSION_PLATFORMS)[number];
export const conversionPlatformLabel: Record<ConversionPlatform, string> = { meta: 'Meta', google: 'Google Ads' };

/** The stages sent, in the funnel's order (outbox.event; once_key '<platform>:<stage>:<lead id>'). */
export const CONVERSION_STAGES = ['lead', 'reuniao_agendada', 'reuniao_qualificada', 'negocio_ganho'] as const;
export type ConversionStage = (typeof CONVERSION_STAGES)[number];
export const conversionStageLabel: Record<ConversionStage, string> = {
  lead: 'Lead',
  reuniao_agendada: 'Reunião agendada',
  reuniao_qualificada: 'Reunião qualificada',
  negocio_ganho: 'Negócio ganho',
};
/**
 * Meta's event_name per stage: its standard events where one fits (Lead, Schedule), custom names for the
 * rest (the qualified meeting, the won deal: Meta takes any name; Purchase would mix them with e-commerce).
 */
export const metaEventName: Record<ConversionStage, string> = {
  lead: 'Lead',
  reuniao_agendada: 'Schedule',
  reuniao_qualificada: 'ReuniaoQualificada',
  negocio_ganho: 'NegocioGanho',
};

/** A conversion's state (conversion_state in SQL). */
export const CONVERSION_STATES = ['pendente', 'enviado', 'recusado', 'pulado'] as const;
export type ConversionState = (typeof CONVERSION_STATES)[number];
export const conversionStateLabel: Record<ConversionState, string> = {
  pendente: 'Pendente',
  enviado: 'Enviado',
  recusado: 'Recusado',
  pulado: 'Pulado',
};

/** Why a conversion was recorded but not sent (outbox.skipped_reason). */
export const SKIP_REASONS = ['sem_base', 'velho_demais', 'sem_identificador', 'sem_destino'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export const skipReasonLabel: Record<SkipReason, string> = {
  sem_base: 'Sem base: o lead não autorizou a medição',
  velho_demais: 'Velho demais: a plataforma não aceita mais um evento desta data (a Meta, só dos últimos 7 dias)',
  sem_identificador: 'Sem identificador: o lead não veio de um anúncio desta plataforma',
  sem_destino: 'Sem ação de conversão: nenhuma ação do Google Ads foi configurada para esta etapa',
};

/** The reason shown beside a state: a skip's in words, a refusal's as the platform (or the sender) said it. */
export function conversionReasonText(state: ConversionState, reason: string | null): string | null {
  if (!reason) return null;
  if (state === 'pulado') return (skipReasonLabel as Record<string, string>)[reason] ?? reason;
  if (state === 'recusado' || state === 'pendente') return senderErrorLabel[reason] ?? reason;
  return null;
}

/** The sender's own error codes (no answer from the platform), in words. */
export const senderErrorLabel: Record<string, string> = {
  not_configured: 'A plataforma não está configurada neste servidor',
  timeout: 'A plataforma não respondeu a tempo',
  network: 'Falha de rede ao falar com a plataforma',
  token: 'Não foi possível obter o acesso ao Google (conta de serviço)',
  error: 'Erro inesperado ao enviar',
};

/** One conversion of a lead, as conversion_events(p_lead) answers. */
export type ConversionEvent = {
  id: string;
  platform: ConversionPlatform;
  stage: ConversionStage;
  state: ConversionState;
  /** pulado: a SkipReason; recusado/pendente after a failure: the platform's message or the sender's code. */
  reason: string | null;
  status: number | null;
  attempts: number;
  at: string;
};

export type ConversionStateCounts = Record<ConversionState, number>;

/** One platform's figures, as conversion_summary(p_now) answers (Meta first, then Google). */
export type ConversionSummary = {
  platform: ConversionPlatform;
  enabled: boolean;
  lastSentAt: string | null;
  today: ConversionStateCounts;
  last7Days: ConversionStateCounts;
  refusals: { id: string; leadId: string | null; leadName: string | null; stage: ConversionStage; at: string; status: number | null; reason: string | null }[];
};

/** The mentor's measurement settings (measurement_settings_get; GET /api/painel/medicao). */
/** measuring: Meta or Google is on (their settings present): only then does the form show the consent box. */
export type MeasurementSettings = { basis: MeasurementBasis; wordingVersion: string; updatedAt: string | null; updatedBy: string | null; measuring: boolean };
/** POST /api/painel/medicao's body (mentor only). */
export type MeasurementSettingsInput = { basis: MeasurementBasis };
